import { methods, route } from "@/lib/http/route";
import { visitorFrom } from "@/lib/http/visitor";
import { ceremonyBootstrapAnswer } from "@/lib/signing/answer-schemas";
import { ceremonyBootstrap } from "@/lib/signing/ceremony/ceremony-bootstrap";
import { bootstrapQuery, otpProofOf, signTokenParams } from "@/lib/signing/ceremony/ceremony-http";
import { privateJson } from "@/lib/http/private-json";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

/** The ceremony page's bootstrap; the link's token is the credential (no bearer, no portal token). */
const get = route(
  {
    auth: "none",
    params: signTokenParams,
    query: bootstrapQuery,
    summary: "The signing page's bootstrap",
    description: md(
      "- Before a required passcode is verified, only `{organizationName, linkExpiresAt, otp: {required, verified, sentAt, expiresAt, nextSendAt, lockedUntil}, signer: {name, state}}` (`expiresAt`: a code sent and not used yet works until then).",
      "- After (or without one), also `workflow {title, correlationId, state}`, `signer` (as in `signing`, plus `mayActNow`), `document {revision, sha256, pageCount, field {name, page, rect}}`, `consent {version, locale, text, sha256}` (in `?locale=` where it is one of Sealpost's languages, else in the signer's (their own, the workflow's, the tenant's default), else in en-GB; each language's text has its own SHA-256) and `signing {mode, signers}` (the others' addresses masked).",
      "- The first such answer records the signer `viewed` (with IP and user agent). The link's own refusals (404 `esign.link_invalid`, 410 `esign.link_replaced`, `esign.link_expired`, `esign.link_used`, 409 `esign.signing_closed`) are listed in the area.",
    ),
    responses: { 200: ceremonyBootstrapAnswer },
  },
  async ({ req, params, query }) =>
    privateJson(await ceremonyBootstrap(params.token, visitorFrom(req.headers), otpProofOf(req), query.locale)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
