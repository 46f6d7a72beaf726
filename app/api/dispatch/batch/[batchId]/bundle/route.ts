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
    summary: "The ZIP of a batch's documents (individual mode with zipBundle)",
    description: md("Not in the spec. The ZIP of every document of a batch in individual mode with `zipBundle`."),
    responses: { 200: { contentType: "application/zip" } },
  },
  async ({ principal, params }) => {
    const { file, batch } = await readBatchArtifact(principal.tenant.id, params.batchId, "bundle");
    return pdfResponse(file, { filename: `batch-${batch.id}.zip`, contentType: "application/zip" });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
