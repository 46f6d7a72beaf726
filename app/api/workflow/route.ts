import { createWorkflowExamples } from "@/lib/workflow/api-examples";
import { methods, route } from "@/lib/http/route";
import { workflowListAnswer } from "@/lib/workflow/answer-schemas";
import { createWorkflowAnswer } from "@/lib/workflow/answer-schemas";
import { createWorkflowBody, listQuery } from "@/lib/workflow/api-schemas";
import { createWorkflow } from "@/lib/workflow/create-workflow";
import { listWorkflows } from "@/lib/workflow/list-workflows";

export const dynamic = "force-dynamic";

const WORKFLOW_BODY_MAX_BYTES = 1 << 20;

const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    body: createWorkflowBody,
    examples: createWorkflowExamples,
    bodyLimit: WORKFLOW_BODY_MAX_BYTES,
    summary: "Create a workflow session and invite its participant",
    description: "`correlationId` is the idempotency key per tenant: a repeat answers 200 with the existing workflow and `idempotent: true`.",
    responses: {
      201: { description: "Created.", schema: createWorkflowAnswer },
      200: { description: "The workflow this correlationId already named.", schema: createWorkflowAnswer },
    },
    problems: ["template.not_found", "template.path_invalid", "template.invalid", "workflow.schema_invalid", "workflow.field_invalid", "workflow.esign_invalid", "workflow.otp_recipient_missing"],
  },
  async ({ principal, body }) => {
    const { workflow, idempotent, portalUrl } = await createWorkflow(principal, body);
    const payload = { workflowId: workflow.id, correlationId: workflow.correlationId, state: workflow.state, portalUrl, idempotent };
    return Response.json(payload, { status: idempotent ? 200 : 201 });
  },
);

const get = route(
  {
    auth: "bearer",
    feature: "workflow",
    query: listQuery,
    summary: "List workflows, newest first",
    responses: { 200: workflowListAnswer },
  },
  ({ principal, query }) => listWorkflows(principal.tenant.id, query),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get, POST: post });
