import { methods, route } from "@/lib/http/route";
import { cancelWorkflowAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { cancelWorkflow } from "@/lib/workflow/cancel-workflow";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "Cancel a workflow",
    description: md(
      'Not in the spec. `{workflowId, correlationId, state: "cancelled", completedAt}`. A workflow in in-progress, validation-failed, changes-requested or pending-approval is cancelled. One in sealing whose sealed record is collecting signatures is voided: the signing links die, the signers asked and not yet done are mailed that the request was withdrawn, the signatures given stay in their revisions, and the activity\'s `workflow.cancelled` says `signing: "voided"` with the revision. A workflow still being sealed (the seal job not done), complete, rejected or cancelled is 409 `workflow.invalid_state`. A cancelled workflow can still be read with its portal token, and nothing can change it.',
    ),
    responses: { 200: cancelWorkflowAnswer },
  },
  ({ principal, params }) => cancelWorkflow(principal, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
