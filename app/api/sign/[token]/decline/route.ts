import { declineExamples } from "@/lib/workflow/signing/api-examples";
import { methods, route } from "@/lib/http/route";
import { visitorFrom } from "@/lib/http/visitor";
import { declineAnswer } from "@/lib/workflow/signing/answer-schemas";
import { otpProofOf, privateJson, signTokenParams } from "@/lib/workflow/signing/ceremony-http";
import { declineBody, declineSignature } from "@/lib/workflow/signing/decline-signature";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "none",
    params: signTokenParams,
    body: declineBody,
    examples: declineExamples,
    bodyLimit: 16 * 1024,
    summary: "Decline to sign",
    responses: { 200: declineAnswer },
    problems: ["esign.link_invalid", "esign.link_replaced", "esign.link_expired", "esign.link_used", "esign.signing_closed", "otp.required"],
  },
  async ({ req, params, body }) =>
    privateJson(await declineSignature(params.token, body.reason, visitorFrom(req.headers), otpProofOf(req))),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
