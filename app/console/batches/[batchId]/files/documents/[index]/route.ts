import { readDocument } from "@/lib/batch/documents";
import { consoleFile } from "@/lib/console/file-route";
import { AppError } from "@/lib/http/problem";
import { pdfResponse } from "@/lib/http/pdf-response";
import { correlationHeader } from "@/lib/http/id-header";

export const dynamic = "force-dynamic";

export const GET = consoleFile(async (principal, { batchId, index }) => {
  // Plain decimal digits only, as the API's paths.
  if (!/^[0-9]{1,7}$/.test(index)) throw new AppError("resource.not_found", `No record ${index.slice(0, 20)}`);
  const doc = await readDocument(principal.tenant.id, batchId, Number(index));
  return pdfResponse(doc.pdf, { filename: doc.fileName, headers: correlationHeader(doc.correlationId) });
});
