import { methods, route } from "@/lib/http/route";
import { cancelWorkflowAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { cancelWorkflow } from "@/lib/workflow/cancel-workflow";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "Cancel a workflow",
    responses: { 200: cancelWorkflowAnswer },
    problems: ["workflow.not_found", "workflow.invalid_state", "workflow.not_initiator"],
  },
  ({ principal, params }) => cancelWorkflow(principal, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
