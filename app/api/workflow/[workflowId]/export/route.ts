import { methods, route } from "@/lib/http/route";
import { exportQuery, workflowIdParams } from "@/lib/workflow/api-schemas";
import { exportWorkflow } from "@/lib/workflow/export/export-workflow";

export const dynamic = "force-dynamic";

const get = route({ auth: "bearer", feature: "workflow", params: workflowIdParams, query: exportQuery }, ({ principal, params, query }) =>
  exportWorkflow(principal.tenant.id, params.workflowId, query.format),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
