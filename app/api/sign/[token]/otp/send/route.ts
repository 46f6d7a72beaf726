import { methods, route } from "@/lib/http/route";
import { privateJson, signTokenParams } from "@/lib/workflow/signing/ceremony-http";
import { sendSignerOtp } from "@/lib/workflow/signing/signer-otp";

export const dynamic = "force-dynamic";

const post = route({ auth: "none", params: signTokenParams }, async ({ params }) => privateJson(await sendSignerOtp(params.token)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
