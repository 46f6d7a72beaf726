import { signExamples } from "@/lib/workflow/signing/api-examples";
import { methods, route } from "@/lib/http/route";
import { signAcceptedAnswer } from "@/lib/workflow/signing/answer-schemas";
import { visitorFrom } from "@/lib/http/visitor";
import { otpProofOf, privateJson, signTokenParams } from "@/lib/workflow/signing/ceremony-http";
import { requestSignature, SIGN_BODY_MAX_BYTES, signBody } from "@/lib/workflow/signing/request-signature";

export const dynamic = "force-dynamic";

/** 202: the signature is recorded and queued; the signing job adds it to the document. */
const post = route(
  {
    auth: "none",
    params: signTokenParams,
    body: signBody,
    examples: signExamples,
    bodyLimit: SIGN_BODY_MAX_BYTES,
    summary: "Sign: record the signature, to be added to the document by the signing job (202)",
    responses: { 202: { description: "The signature is recorded and queued; the signing job adds it to the document.", schema: signAcceptedAnswer } },
    problems: ["esign.link_invalid", "esign.link_replaced", "esign.link_expired", "esign.link_used", "esign.signing_closed", "otp.required", "esign.not_your_turn", "esign.consent_outdated", "esign.mark_invalid"],
  },
  async ({ req, params, body }) =>
    privateJson(await requestSignature(params.token, body, visitorFrom(req.headers), otpProofOf(req)), 202),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
