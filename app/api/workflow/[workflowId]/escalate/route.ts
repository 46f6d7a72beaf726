import { methods, route } from "@/lib/http/route";
import { escalateAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { escalateByCaller } from "@/lib/workflow/approval/escalate-workflow";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "Escalate the pending approval to the next approver",
    description: md(
      "Only the initiator or a caller with the `admin` role (403 `workflow.not_initiator`). The routing sequence of a stage is its approvers in order, then the tenant's approvers (without duplicates or the initiator). Escalate moves the pending approval to the first of the sequence not asked yet in this stage, mails them `Approval escalated to you` with the reviewer link, records it in the history and starts the wait again; approvers asked earlier keep the right to decide. Nobody left: 409 `workflow.no_escalation_target`. The state stays pending-approval. Answers `{workflowId, state, currentApprovalStage, escalatedTo, approvalRequestedAt}`.",
    ),
    responses: { 200: escalateAnswer },
  },
  ({ principal, params }) => escalateByCaller(principal, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
