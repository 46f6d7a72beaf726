import { methods, route } from "@/lib/http/route";
import { createWorkflowBody, listQuery } from "@/lib/workflow/api-schemas";
import { createWorkflow } from "@/lib/workflow/create-workflow";
import { listWorkflows } from "@/lib/workflow/list-workflows";

export const dynamic = "force-dynamic";

const WORKFLOW_BODY_MAX_BYTES = 1 << 20;

const post = route({ auth: "bearer", feature: "workflow", body: createWorkflowBody, bodyLimit: WORKFLOW_BODY_MAX_BYTES }, async ({ principal, body }) => {
  const { workflow, idempotent, portalUrl } = await createWorkflow(principal, body);
  const payload = { workflowId: workflow.id, correlationId: workflow.correlationId, state: workflow.state, portalUrl, idempotent };
  return Response.json(payload, { status: idempotent ? 200 : 201 });
});

const get = route({ auth: "bearer", feature: "workflow", query: listQuery }, ({ principal, query }) => listWorkflows(principal.tenant.id, query));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get, POST: post });
