import { methods, route } from "@/lib/http/route";
import { escalateAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { escalateByCaller } from "@/lib/workflow/escalate-workflow";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "Escalate the pending approval to the next approver",
    responses: { 200: escalateAnswer },
    problems: ["workflow.not_found", "workflow.invalid_state", "workflow.not_initiator", "workflow.no_escalation_target"],
  },
  ({ principal, params }) => escalateByCaller(principal, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
