import { methods, route } from "@/lib/http/route";
import { resendInviteAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { resendInvite } from "@/lib/workflow/resend-invite";

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
    responses: { 200: resendInviteAnswer },
    problems: ["workflow.not_found", "workflow.invalid_state", "workflow.no_recipients", "workflow.resend_rate_limited"],
  },
  ({ portal }) => resendInvite(portal),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
