import { methods, route } from "@/lib/http/route";
import { visitorFrom } from "@/lib/http/visitor";
import { otpProofOf, privateJson, signTokenParams } from "@/lib/workflow/signing/ceremony-http";
import { requestSignature, SIGN_BODY_MAX_BYTES, signBody } from "@/lib/workflow/signing/request-signature";

export const dynamic = "force-dynamic";

/** 202: the signature is recorded and queued; the signing job adds it to the document. */
const post = route({ auth: "none", params: signTokenParams, body: signBody, bodyLimit: SIGN_BODY_MAX_BYTES }, async ({ req, params, body }) =>
  privateJson(await requestSignature(params.token, body, visitorFrom(req.headers), otpProofOf(req)), 202),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
