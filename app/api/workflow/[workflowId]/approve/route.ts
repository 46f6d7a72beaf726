import { approveExamples } from "@/lib/workflow/api-examples";
import { methods, route } from "@/lib/http/route";
import { approveAnswer } from "@/lib/workflow/answer-schemas";
import { decisionBody, workflowIdParams } from "@/lib/workflow/api-schemas";
import { approveWorkflow } from "@/lib/workflow/decide-workflow";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    body: decisionBody,
    examples: approveExamples,
    summary: "Approve the current approval stage",
    description: "Only an approver of the current stage, never the initiator; the last stage's approval seals the workflow.",
    responses: { 200: approveAnswer },
    problems: ["workflow.not_found", "workflow.invalid_state", "workflow.not_approver", "workflow.self_approval"],
  },
  ({ principal, params, body }) =>
    approveWorkflow(principal, params.workflowId, body.comment),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
