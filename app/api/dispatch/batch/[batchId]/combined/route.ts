import { batchIdParams } from "@/lib/batch/api-schemas";
import { readBatchArtifact } from "@/lib/batch/documents";
import { pdfResponse } from "@/lib/http/pdf-response";
import { methods, route } from "@/lib/http/route";
import { correlationHeader } from "@/lib/http/id-header";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    params: batchIdParams,
    summary: "The combined PDF of a batch in combined mode",
    description: md(
      "Not in the spec. The one PDF of a batch in combined mode; recipients still get their own record's PDF, never this one.",
    ),
    responses: { 200: { contentType: "application/pdf", headers: { "X-Svc-CorrelationId": "The batch's correlation id" } } },
  },
  async ({ principal, params }) => {
    const { file, batch } = await readBatchArtifact(principal.tenant.id, params.batchId, "combined");
    return pdfResponse(file, { filename: `batch-${batch.id}.pdf`, headers: correlationHeader(batch.correlationId) });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
