import { signerOtpExamples } from "@/lib/signing/api-examples";
import { methods, route } from "@/lib/http/route";
import { otpBody } from "@/lib/workflow/api-schemas";
import { signerOtpVerifiedAnswer } from "@/lib/signing/answer-schemas";
import { signTokenParams } from "@/lib/signing/ceremony/ceremony-http";
import { privateJson } from "@/lib/http/private-json";
import { verifySignerOtp } from "@/lib/signing/ceremony/signer-otp";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "none",
    params: signTokenParams,
    body: otpBody,
    examples: signerOtpExamples,
    bodyLimit: 4096,
    summary: "Verify the signer's one-time passcode; the answer holds the proof to send in X-Svc-Sign-Otp",
    description: md(
      "- The portal passcode's rules: the 5th wrong try locks it for 15 minutes (429 `otp.locked`, the code dying with the lock); `otp.invalid` with `attemptsLeft`, `otp.expired`, `otp.not_sent`, 409 `otp.not_required`.",
      "- Answers `{verified, otpProof, otpProofExpiresAt}`: the browser sends `otpProof` in `X-Svc-Sign-Otp` on the other ceremony routes (403 `otp.required` without it).",
      "- Decision: a proof held by the browser (2 hours, bound to the signer and to this link) rather than a flag on the signer, so a link that leaks after the signer verified still meets the passcode. A re-send's new link kills the old link's proof too.",
    ),
    responses: { 200: signerOtpVerifiedAnswer },
  },
  async ({ params, body }) => privateJson(await verifySignerOtp(params.token, body.otp)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
