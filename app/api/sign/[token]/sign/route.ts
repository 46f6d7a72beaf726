import { signExamples } from "@/lib/signing/api-examples";
import { methods, route } from "@/lib/http/route";
import { signAcceptedAnswer } from "@/lib/signing/answer-schemas";
import { visitorFrom } from "@/lib/http/visitor";
import { otpProofOf, signTokenParams } from "@/lib/signing/ceremony/ceremony-http";
import { privateJson } from "@/lib/http/private-json";
import { requestSignature, SIGN_BODY_MAX_BYTES, signBody } from "@/lib/signing/ceremony/request-signature";
import { md } from "@/lib/openapi/markdown";

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
    description: md(
      '- Body `{consent: {version, sha256}, mark: {kind: "typed", text} | {kind: "drawn", png}, intent: true}`: 202 `{state: "signing", signer, signRequestedAt}`. Body limit about 350 KB.',
      "- Checked in this order: the link (404 `esign.link_invalid`, 410 `esign.link_replaced`, `esign.link_expired`, `esign.link_used`, 409 `esign.signing_closed`), then the passcode of a signer who has one (403 `otp.required` without a valid `X-Svc-Sign-Otp` proof, whatever the body holds), then the body.",
      "- The consent must be the current version, with the SHA-256 of its text in any of its languages (the bootstrap's `consent.sha256`; the hash names the language read); else 422 `esign.consent_outdated` with `current` in the signer's language; a typed mark is 1 to 100 characters on one line (a line break of any kind, CR, LF, U+0085, U+2028 or U+2029, or another control character is refused, not drawn as a space), a drawn one a base64 PNG of at most 256 KiB and 2,000 pixels a side, decoded before it is accepted (422 `esign.mark_invalid` naming `mark.text` or `mark.png`); in sequential mode an earlier signer must have signed (409 `esign.not_your_turn`).",
      "- Recorded with the consent's version, the language read and its SHA-256 (all three also go into the signature's reason), the verification method (`email link` or `email link + one-time passcode`), IP, user agent and the mark (a drawn one as a blob); the signing job then adds the signature: the signer's `state` becomes `signed` with `signedRevision` and `signedSha256`. From the 202 on the link answers 410 `esign.link_used`; follow the signature with `GET /api/sign/{token}/progress`.",
    ),
    responses: {
      202: { description: "The signature is recorded and queued; the signing job adds it to the document.", schema: signAcceptedAnswer },
    },
  },
  async ({ req, params, body }) => privateJson(await requestSignature(params.token, body, visitorFrom(req.headers), otpProofOf(req)), 202),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
