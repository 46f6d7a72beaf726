import { batchIdParams } from "@/lib/batch/api-schemas";
import { readBatchArtifact } from "@/lib/batch/documents";
import { pdfResponse } from "@/lib/http/pdf-response";
import { methods, route } from "@/lib/http/route";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    params: batchIdParams,
    summary: "The batch's intake receipt",
    description: md(
      "Not in the spec. The intake receipt PDF as `POST /api/render` answered it, read again (also for a batch stored `invalid`).",
    ),
    responses: { 200: { contentType: "application/pdf", headers: { "X-Svc-DispatchReadiness": "READY, PARTIAL or INVALID" } } },
  },
  async ({ principal, params }) => {
    const { file, batch } = await readBatchArtifact(principal.tenant.id, params.batchId, "receipt");
    return pdfResponse(file, { filename: `receipt-${batch.id}.pdf`, headers: { "X-Svc-DispatchReadiness": batch.readiness } });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
