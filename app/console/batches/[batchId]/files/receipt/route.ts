import { readBatchArtifact } from "@/lib/batch/documents";
import { consoleFile } from "@/lib/http/console-file";
import { methods } from "@/lib/http/route";
import { pdfResponse } from "@/lib/http/pdf-response";

export const dynamic = "force-dynamic";

const get = consoleFile(async (principal, { batchId }) => {
  const { file, batch } = await readBatchArtifact(principal.tenant.id, batchId, "receipt");
  return pdfResponse(file, { filename: `receipt-${batch.id}.pdf` });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
