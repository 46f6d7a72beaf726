import { declineExamples } from "@/lib/signing/api-examples";
import { methods, route } from "@/lib/http/route";
import { visitorFrom } from "@/lib/http/visitor";
import { declineAnswer } from "@/lib/signing/answer-schemas";
import { otpProofOf, signTokenParams } from "@/lib/signing/ceremony/ceremony-http";
import { privateJson } from "@/lib/http/private-json";
import { declineBody, declineSignature } from "@/lib/signing/ceremony/decline-signature";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "none",
    params: signTokenParams,
    body: declineBody,
    examples: declineExamples,
    bodyLimit: 16 * 1024,
    summary: "Decline to sign",
    description: md(
      "Body `{reason}` (1 to 2,000 characters): the signer `declined` with the reason, the workflow `rejected` (the signatures already made stay in their revisions); the callback body gains `declined: {signer, name, email, reason}` and the participants' outcome mail says who declined. The certificate of completion is made for a declined workflow too.",
    ),
    responses: { 200: declineAnswer },
  },
  async ({ req, params, body }) =>
    privateJson(await declineSignature(params.token, body.reason, visitorFrom(req.headers), otpProofOf(req))),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
