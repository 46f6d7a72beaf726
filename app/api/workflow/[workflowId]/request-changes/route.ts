import { requestChangesExamples } from "@/lib/workflow/api-examples";
import { methods, route } from "@/lib/http/route";
import { requestChangesAnswer } from "@/lib/workflow/answer-schemas";
import { requestChangesBody, workflowIdParams } from "@/lib/workflow/api-schemas";
import { reviewerDecider } from "@/lib/workflow/approval/decider";
import { requestChanges } from "@/lib/workflow/approval/request-changes";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "portal",
    portalRoles: ["reviewer"],
    params: workflowIdParams,
    body: requestChangesBody,
    examples: requestChangesExamples,
    summary: "A reviewer asks the participant for changes",
    description: md(
      "- **Who**: a reviewer token whose stage is the current one (409 `workflow.review_stage_passed` otherwise: a stage-1 link never decides stage 2) and whose approver is one of the current stage's (or escalated to in it), and not the initiator (403 `workflow.not_approver`). On pending-approval only.",
      "- **Body** `{changes: [{message, fieldKey?, severity: info|warning|error (default error), category?, dueDate?: YYYY-MM-DD}]}` (1–100 changes). Every `fieldKey` must be a field of the schema (422 `workflow.field_unknown` naming `changes.<i>.fieldKey`).",
      '- **Effect**: pending-approval → changes-requested; the data as reviewed is kept, the participant goes back to the first step holding a change (step 0 when no change names a field) and each recipient gets a mail listing the changes with their portal link. The participant then PATCHes and advances as in in-progress; the final advance resubmits. Answers `{workflowId, state: "changes-requested", currentStepIndex, changeRequests}`.',
    ),
    responses: { 200: requestChangesAnswer },
  },
  async ({ portal, body }) => requestChanges(await reviewerDecider(portal), portal.workflowId, body.changes),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
