import { methods, route } from "@/lib/http/route";
import { otpSentAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { sendOtp } from "@/lib/workflow/otp/send-otp";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "portal",
    portalRoles: ["participant"],
    params: workflowIdParams,
    summary: "Send the participant a one-time passcode",
    description: md(
      "Participant portal token, no body. 200 `{sent: true, expiresAt, nextSendAt, to}` (`to` masked, `p***@example.com`). A new 6-digit code goes to the first recipient and replaces any earlier one; it lives `OTP_TTL_MS` (10 minutes) and works once. One send per 60 s per workflow: 429 `otp.rate_limited` with `Retry-After` and `retryAfter`; while a lockout lasts, 429 `otp.locked`. On a workflow without `requireOtp`, 409 `otp.not_required`; a reviewer token is 403 `portal.role_forbidden`. How the code is kept is in the area.",
    ),
    responses: { 200: otpSentAnswer },
  },
  ({ portal }) => sendOtp(portal),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
