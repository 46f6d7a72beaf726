import { rejectExamples } from "@/lib/workflow/api-examples";
import { methods, route } from "@/lib/http/route";
import { rejectAnswer } from "@/lib/workflow/answer-schemas";
import { decisionBody, workflowIdParams } from "@/lib/workflow/api-schemas";
import { rejectWorkflow } from "@/lib/workflow/approval/decide-workflow";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

/** An approver's bearer token, or the reviewer portal token of the approval mail (docs/spec.md, "Workflow": approver or reviewer). */
const post = route(
  {
    auth: "bearer-or-portal",
    feature: "workflow",
    portalRoles: ["reviewer"],
    params: workflowIdParams,
    body: decisionBody,
    examples: rejectExamples,
    summary: "Reject (an approver, or the reviewer link of the approval mail)",
    description: md(
      '"Approver or reviewer" in the spec: a bearer approver of the current stage, or the reviewer link of an approver of the current stage (the link\'s stage must be the current one: 409 `workflow.review_stage_passed` otherwise; its approver one of the stage\'s and not the initiator: 403 `workflow.not_approver`, `workflow.self_approval`). Body `{comment?}` (a JSON body is required; `{}` will do). Rejected ends the workflow; no PDF. Answers as approve, with `state: "rejected"`.',
    ),
    responses: { 200: rejectAnswer },
  },
  ({ principal, portal, params, body }) => rejectWorkflow(principal, portal, params.workflowId, body.comment),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
