import { methods, route } from "@/lib/http/route";
import { decisionBody, workflowIdParams } from "@/lib/workflow/api-schemas";
import { approveWorkflow } from "@/lib/workflow/decide-workflow";

export const dynamic = "force-dynamic";

const post = route({ auth: "bearer", feature: "workflow", params: workflowIdParams, body: decisionBody }, ({ principal, params, body }) =>
  approveWorkflow(principal, params.workflowId, body.comment),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
