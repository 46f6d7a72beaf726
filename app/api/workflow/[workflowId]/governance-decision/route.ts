import { governanceExamples } from "@/lib/workflow/api-examples";
import { methods, route } from "@/lib/http/route";
import { governanceDecisionAnswer } from "@/lib/workflow/answer-schemas";
import { governanceBody, workflowIdParams } from "@/lib/workflow/api-schemas";
import { reviewerDecider } from "@/lib/workflow/approval/decider";
import { governanceDecision } from "@/lib/workflow/approval/governance-decision";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "portal",
    portalRoles: ["reviewer"],
    params: workflowIdParams,
    body: governanceBody,
    examples: governanceExamples,
    summary: "A reviewer's governance decision on failed rules",
    description: md(
      "- **Who**: a reviewer token, with the same stage and approver rules as request-changes. On pending-approval, or on validation-failed (the only state a failed error rule can be in, and what approve-with-exception is for).",
      "- **Body** `{decision: approve | approve-with-exception | reject, justification?, comment?}`.",
      "- `approve` needs no failed error-severity rule (warnings are listed, as in `validationOutcome`), else 409 `workflow.rules_failed` with `failedRules`.",
      "- `approve-with-exception` needs at least one failed error rule (409 `workflow.no_failed_rules`) and a non-blank `justification` (422 `workflow.justification_required`), which is stored with the failed rule ids and sealed into the PDF; a later stage's `approve` no longer counts the excepted rules.",
      "- Both approvals then act as approve: next stage, or sealing after the last. `reject`: rejected, no PDF. Answers as approve.",
    ),
    responses: { 200: governanceDecisionAnswer },
  },
  async ({ portal, body }) =>
    governanceDecision(await reviewerDecider(portal), portal.workflowId, body.decision, body.justification, body.comment),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
