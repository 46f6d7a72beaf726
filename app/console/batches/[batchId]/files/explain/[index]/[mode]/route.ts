import { recordCorrelationId } from "@/lib/batch/documents";
import { consoleFile } from "@/lib/console/file-route";
import { consoleReport } from "@/lib/explain/report/console-report";
import { AppError } from "@/lib/http/problem";

export const dynamic = "force-dynamic";

export const GET = consoleFile((principal, { batchId, index, mode }) =>
  consoleReport(principal, mode, async () => {
    // Plain decimal digits only, as the API's paths.
    if (!/^[0-9]{1,7}$/.test(index)) throw new AppError("resource.not_found", `No record ${index.slice(0, 20)}`);
    return recordCorrelationId(principal.tenant.id, batchId, Number(index));
  }),
);
