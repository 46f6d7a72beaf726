import { readBinaryBody } from "@/lib/http/read-body";
import { methods, route } from "@/lib/http/route";
import { verificationAnswerSchema } from "@/lib/esign/answer-schema";
import { VERIFY_MAX_BYTES, verifyForTenant } from "@/lib/esign/verify-for-tenant";

export const dynamic = "force-dynamic";

/** The PDF is the body (application/pdf), read as a stream up to VERIFY_MAX_BYTES; verified against the caller's tenant's roots. */
const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    summary: "Verify the signatures of a PDF",
    requestBody: { contentType: "application/pdf", description: "The PDF itself, up to VERIFY_MAX_BYTES" },
    responses: { 200: verificationAnswerSchema },
    problems: ["esign.not_pdf", "esign.not_configured", "request.too_large", "request.unsupported_media_type"],
  },
  async ({ req, principal }) =>
    verifyForTenant(principal.tenant.id, await readBinaryBody(req, "application/pdf", VERIFY_MAX_BYTES)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
