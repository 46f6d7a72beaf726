import { methods, route } from "@/lib/http/route";
import { signerOtpSentAnswer } from "@/lib/signing/answer-schemas";
import { signTokenParams } from "@/lib/signing/ceremony/ceremony-http";
import { privateJson } from "@/lib/http/private-json";
import { sendSignerOtp } from "@/lib/signing/ceremony/signer-otp";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "none",
    params: signTokenParams,
    summary: "Send the signer a one-time passcode",
    description: md(
      "When the signer has `requireOtp`, the portal passcode's rules: 6 digits, living `OTP_TTL_MS`, one send a minute (429 `otp.rate_limited`), sent to the signer's address and bound to the signer; 409 `otp.not_required` for a signer without `requireOtp`.",
    ),
    responses: { 200: signerOtpSentAnswer },
  },
  async ({ params }) => privateJson(await sendSignerOtp(params.token)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
