import { methods, route } from "@/lib/http/route";
import { otpSentAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { sendOtp } from "@/lib/workflow/otp/send-otp";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "portal",
    portalRoles: ["participant"],
    params: workflowIdParams,
    summary: "Send the participant a one-time passcode",
    responses: { 200: otpSentAnswer },
    problems: ["workflow.not_found", "otp.not_required", "otp.rate_limited", "otp.locked"],
  },
  ({ portal }) => sendOtp(portal),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
