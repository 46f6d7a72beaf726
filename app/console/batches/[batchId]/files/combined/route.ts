import { readBatchArtifact } from "@/lib/batch/documents";
import { consoleFile } from "@/lib/console/file-route";
import { pdfResponse } from "@/lib/http/pdf-response";

export const dynamic = "force-dynamic";

export const GET = consoleFile(async (principal, { batchId }) => {
  const { bytes, batch } = await readBatchArtifact(principal.tenant.id, batchId, "combined");
  return pdfResponse(bytes, { filename: `batch-${batch.id}.pdf` });
});
