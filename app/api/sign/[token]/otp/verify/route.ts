import { methods, route } from "@/lib/http/route";
import { otpBody } from "@/lib/workflow/api-schemas";
import { privateJson, signTokenParams } from "@/lib/workflow/signing/ceremony-http";
import { verifySignerOtp } from "@/lib/workflow/signing/signer-otp";

export const dynamic = "force-dynamic";

const post = route({ auth: "none", params: signTokenParams, body: otpBody, bodyLimit: 4096 }, async ({ params, body }) =>
  privateJson(await verifySignerOtp(params.token, body.otp)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
