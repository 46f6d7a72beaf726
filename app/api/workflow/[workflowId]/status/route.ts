import { methods, route } from "@/lib/http/route";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { getWorkflow } from "@/lib/workflow/get-workflow";
import { workflowStatus } from "@/lib/workflow/present-workflow";

export const dynamic = "force-dynamic";

const get = route({ auth: "bearer-or-portal", feature: "workflow", params: workflowIdParams }, async ({ principal, portal, params }) =>
  workflowStatus(await getWorkflow(principal?.tenant.id ?? portal!.tenantId, params.workflowId)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
