import { signerOtpExamples } from "@/lib/workflow/signing/api-examples";
import { methods, route } from "@/lib/http/route";
import { otpBody } from "@/lib/workflow/api-schemas";
import { signerOtpVerifiedAnswer } from "@/lib/workflow/signing/answer-schemas";
import { privateJson, signTokenParams } from "@/lib/workflow/signing/ceremony-http";
import { verifySignerOtp } from "@/lib/workflow/signing/signer-otp";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "none",
    params: signTokenParams,
    body: otpBody,
    examples: signerOtpExamples,
    bodyLimit: 4096,
    summary: "Verify the signer's one-time passcode; the answer holds the proof to send in X-Svc-Sign-Otp",
    responses: { 200: signerOtpVerifiedAnswer },
    problems: ["esign.link_invalid", "esign.link_replaced", "esign.link_expired", "esign.link_used", "esign.signing_closed", "otp.not_required", "otp.not_sent", "otp.expired", "otp.invalid", "otp.locked"],
  },
  async ({ params, body }) =>
    privateJson(await verifySignerOtp(params.token, body.otp)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
