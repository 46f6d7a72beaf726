import { readDocument } from "@/lib/batch/documents";
import { consoleFile } from "@/lib/http/console-file";
import { methods } from "@/lib/http/route";
import { decimalIndex } from "@/lib/http/decimal-integer";
import { AppError } from "@/lib/http/problem";
import { pdfResponse } from "@/lib/http/pdf-response";
import { correlationHeader } from "@/lib/http/id-header";

export const dynamic = "force-dynamic";

const get = consoleFile(async (principal, { batchId, index }) => {
  // Canonical decimal only, as the API's paths.
  const n = decimalIndex(index, 9_999_999);
  if (n === null) throw new AppError("resource.not_found", `No record ${index.slice(0, 20)}`);
  const doc = await readDocument(principal.tenant.id, batchId, n);
  return pdfResponse(doc.pdf, { filename: doc.fileName, headers: correlationHeader(doc.correlationId) });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
