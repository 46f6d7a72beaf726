import { recordCorrelationId } from "@/lib/batch/documents";
import { consoleFile } from "@/lib/http/console-file";
import { methods } from "@/lib/http/route";
import { consoleReport } from "@/lib/explain/report/console-report";
import { decimalIndex } from "@/lib/http/decimal-integer";
import { AppError } from "@/lib/http/problem";
import { reportResponse } from "@/lib/http/report-response";

export const dynamic = "force-dynamic";

const get = consoleFile(async (principal, { batchId, index, mode }) =>
  reportResponse(
    await consoleReport(principal, mode, async () => {
      // Canonical decimal only, as the API's paths.
      const n = decimalIndex(index, 9_999_999);
      if (n === null) throw new AppError("resource.not_found", `No record ${index.slice(0, 20)}`);
      return recordCorrelationId(principal.tenant.id, batchId, n);
    }),
  ),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
