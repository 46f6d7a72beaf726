import { otpExamples } from "@/lib/workflow/api-examples";
import { methods, route } from "@/lib/http/route";
import { otpVerifiedAnswer } from "@/lib/workflow/answer-schemas";
import { otpBody, workflowIdParams } from "@/lib/workflow/api-schemas";
import { verifyOtp } from "@/lib/workflow/otp/verify-otp";

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
    responses: { 200: otpVerifiedAnswer },
    problems: ["workflow.not_found", "otp.not_required", "otp.not_sent", "otp.expired", "otp.invalid", "otp.locked"],
  },
  ({ portal, body }) =>
    verifyOtp(portal, body.otp),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
