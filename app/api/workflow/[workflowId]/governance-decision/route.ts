import { governanceExamples } from "@/lib/workflow/api-examples";
import { methods, route } from "@/lib/http/route";
import { governanceDecisionAnswer } from "@/lib/workflow/answer-schemas";
import { governanceBody, workflowIdParams } from "@/lib/workflow/api-schemas";
import { reviewerDecider } from "@/lib/workflow/decider";
import { governanceDecision } from "@/lib/workflow/governance-decision";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "portal",
    portalRoles: ["reviewer"],
    params: workflowIdParams,
    body: governanceBody,
    examples: governanceExamples,
    summary: "A reviewer's governance decision on failed rules",
    responses: { 200: governanceDecisionAnswer },
    problems: ["workflow.not_found", "workflow.invalid_state", "workflow.not_approver", "workflow.review_stage_passed", "workflow.rules_failed", "workflow.no_failed_rules", "workflow.justification_required"],
  },
  async ({ portal, body }) =>
    governanceDecision(await reviewerDecider(portal), portal.workflowId, body.decision, body.justification, body.comment),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
