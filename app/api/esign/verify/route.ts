import { readBinaryBody } from "@/lib/http/read-body";
import { methods, route } from "@/lib/http/route";
import { verificationAnswerSchema } from "@/lib/signing/verification/answer-schema";
import { VERIFY_MAX_BYTES, verifyForTenant } from "@/lib/signing/verification/verify-for-tenant";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

/** The PDF is the body (application/pdf), read as a stream up to VERIFY_MAX_BYTES; verified against the caller's tenant's roots. */
const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    summary: "Verify the signatures of a PDF",
    description: md(
      "- **Body**: the PDF itself, `Content-Type: application/pdf` (else 415 `request.unsupported_media_type`). It is read as a stream and cut off at **50 MiB** (52,428,800 bytes): a larger declared `Content-Length` is refused before reading, a body that grows past the limit is refused there, the rest never read: 413 `request.too_large` with `limitBytes`.",
      "- A body that is no PDF (no `%PDF-` in its first 1,024 bytes, empty, a file no reader can open, or one that cannot be read within the limits of verification: more memory or time than `VERIFY_THREAD_HEAP_MB` and `VERIFY_TIMEOUT_MS` allow) is 422 `esign.not_pdf`. Anything that opens as a PDF gets a report, however broken its signatures: a malformed `/ByteRange`, a `/Contents` that is no CMS, an unknown digest algorithm are that signature's `problems` and make it not valid, never a 5xx.",
      "- **Trust** is the caller's tenant's: its key's roots and `ESIGN_TSA_ROOTS` (a file signed under another tenant's CA has `chainValid: false` here). 409 `esign.not_configured` when the tenant has no key (production without `ESIGN_KEYS_DIR`).",
      '- A PDF without signatures is a report with `valid: false`, `signatureCount: 0` and the summary "The PDF has no signatures." (not an error: the question was answered). The report\'s members are described in the area.',
    ),
    requestBody: { contentType: "application/pdf", description: "The PDF itself, up to VERIFY_MAX_BYTES" },
    responses: { 200: verificationAnswerSchema },
  },
  async ({ req, principal }) => verifyForTenant(principal.tenant.id, await readBinaryBody(req, "application/pdf", VERIFY_MAX_BYTES)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
