import { requestChangesExamples } from "@/lib/workflow/api-examples";
import { methods, route } from "@/lib/http/route";
import { requestChangesAnswer } from "@/lib/workflow/answer-schemas";
import { requestChangesBody, workflowIdParams } from "@/lib/workflow/api-schemas";
import { reviewerDecider } from "@/lib/workflow/decider";
import { requestChanges } from "@/lib/workflow/request-changes";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "portal",
    portalRoles: ["reviewer"],
    params: workflowIdParams,
    body: requestChangesBody,
    examples: requestChangesExamples,
    summary: "A reviewer asks the participant for changes",
    responses: { 200: requestChangesAnswer },
    problems: ["workflow.not_found", "workflow.invalid_state", "workflow.not_approver", "workflow.review_stage_passed", "workflow.field_unknown"],
  },
  async ({ portal, body }) =>
    requestChanges(await reviewerDecider(portal), portal.workflowId, body.changes),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
