import { methods, route } from "@/lib/http/route";
import { resendInviteAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { resendInvite } from "@/lib/workflow/portal/resend-invite";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

/**
 * A participant whose link expired asks for a new one with it (the portal keeps what they typed), so
 * tokens up to 7 days past expiry are taken here: the mail goes only to the registered addresses,
 * and the answer carries no fresh token.
 */
const post = route(
  {
    auth: "portal",
    params: workflowIdParams,
    expiredPortalGraceS: 7 * 24 * 3600,
    summary: "Send the participant a new link (also with a token up to 7 days past its expiry)",
    description: md(
      "- Portal token of either role, no body: 200 `{sent, audience, nextAllowedAt}`.",
      "- **Audience**: whom the workflow waits for decides. In in-progress, validation-failed or changes-requested the invitation goes again to every recipient (`audience: \"participants\"`, a fresh link; 409 `workflow.no_recipients` when there are none); in pending-approval a reminder with each one's reviewer link goes to the approvers waited on (the one it was escalated to last, else the current stage's: the schema's, else the tenant's; never the initiator; `audience: \"approvers\"`; 409 `workflow.no_recipients` without any). In sealing, complete, rejected and cancelled nobody is waited for: 409 `workflow.invalid_state`. Addresses are not returned (the activity event `invite.resent` names them for bearer callers).",
      "- **Expired links**: so that a participant whose link ran out can ask for a new one from the page that kept their input, this route also takes a portal token up to 7 days past its expiry (only this route). Such a call gets no fresh `X-Svc-Portal-Token`; the new link goes only to the registered addresses, so an old link alone opens nothing. Older tokens are 401 `portal.token_expired`.",
      "- **Rate limit** per workflow (the spec gives no number): one resend per 60 s and at most 5 per rolling hour; beyond, 429 `workflow.resend_rate_limited` with `Retry-After`, `retryAfter` and `nextAllowedAt`. Counted from the activity events under the workflow's row lock, so concurrent calls cannot both pass.",
    ),
    responses: { 200: resendInviteAnswer },
  },
  ({ portal }) => resendInvite(portal),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
