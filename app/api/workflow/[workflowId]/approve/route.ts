import { approveExamples } from "@/lib/workflow/api-examples";
import { methods, route } from "@/lib/http/route";
import { approveAnswer } from "@/lib/workflow/answer-schemas";
import { decisionBody, workflowIdParams } from "@/lib/workflow/api-schemas";
import { approveWorkflow } from "@/lib/workflow/approval/decide-workflow";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    body: decisionBody,
    examples: approveExamples,
    summary: "Approve the current approval stage",
    description: md(
      "A bearer approver of the current stage (the area says who), never the initiator. Body `{comment?}`: a JSON body is required; `{}` will do. A stage before the last moves to the next stage (still pending-approval, its approvers mailed); the last stage moves to sealing and queues the seal job (`workflow/seal.requested`). Answers `{workflowId, correlationId, state, currentApprovalStage, approvalHistory, completedAt}`.",
    ),
    responses: { 200: approveAnswer },
  },
  ({ principal, params, body }) => approveWorkflow(principal, params.workflowId, body.comment),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
