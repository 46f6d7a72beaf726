import { methods, route } from "@/lib/http/route";
import { signingProgressAnswer } from "@/lib/signing/answer-schemas";
import { otpProofOf, signTokenParams } from "@/lib/signing/ceremony/ceremony-http";
import { privateJson } from "@/lib/http/private-json";
import { signingProgress } from "@/lib/signing/ceremony/signing-progress";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

/** The signer's signature and the document's progress, also once the link is used (the page polls it after signing). */
const get = route(
  {
    auth: "none",
    params: signTokenParams,
    summary: "The signer's signature and the document's progress (polled after signing)",
    description: md(
      "- `{organizationName, workflow {title, correlationId, state}, signer {name, state, signRequestedAt, signedAt, declinedAt}, signing {mode, total, signed, declined}}`, where `signer.state` is `signing` between the 202 of `sign` and the signing job having applied it, then `signed`.",
      "- It answers also once the link is used (the page follows the signature here after the 202: the link itself answers 410 `esign.link_used` from then on), with the same credential (the link, and the passcode proof when the signer needs one: 403 `otp.required` without it); only 404 `esign.link_invalid` and 410 `esign.link_replaced` refuse it.",
      "- Decision: a separate route rather than a long answer to `sign` or a reopened link, so that a reload or a second tab can ask again, and no more than states and counts (no document, no names of others), so a link that leaks after use tells no more than whether the document was signed.",
    ),
    responses: { 200: signingProgressAnswer },
  },
  async ({ req, params }) => privateJson(await signingProgress(params.token, otpProofOf(req))),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
