import { otpExamples } from "@/lib/workflow/api-examples";
import { methods, route } from "@/lib/http/route";
import { otpVerifiedAnswer } from "@/lib/workflow/answer-schemas";
import { otpBody, workflowIdParams } from "@/lib/workflow/api-schemas";
import { verifyOtp } from "@/lib/workflow/otp/verify-otp";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "portal",
    portalRoles: ["participant"],
    params: workflowIdParams,
    body: otpBody,
    examples: otpExamples,
    bodyLimit: 4096,
    summary: "Verify the participant's one-time passcode",
    description: md(
      '- Body `{otp: "123456"}` (a string of 6 digits, else 400 `request.invalid`): 200 `{verified: true, workflowId}`, and the answer\'s fresh `X-Svc-Portal-Token` carries `otp: true` (what that opens is in the area).',
      "- Wrong code: 422 `otp.invalid` with `attemptsLeft`; the 5th wrong code locks it: 429 `otp.locked` with `Retry-After`, the code is dead, and **no new code is sent for 15 minutes** (otp/send and verify answer 429 `otp.locked` meanwhile). Without the lockout, someone holding a leaked link could try 5 codes a minute for ever; with it, 480 a day out of a million, and each new code reaches the participant's mailbox as a warning.",
      "- No code waiting (never sent, or already used): 409 `otp.not_sent`; expired: 410 `otp.expired`. On a workflow without `requireOtp`, 409 `otp.not_required`; a reviewer token is 403 `portal.role_forbidden`.",
    ),
    responses: { 200: otpVerifiedAnswer },
  },
  ({ portal, body }) => verifyOtp(portal, body.otp),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
