import { consoleFile } from "@/lib/http/console-file";
import { reportResponse } from "@/lib/http/report-response";
import { methods } from "@/lib/http/route";
import { consoleReport } from "@/lib/explain/report/console-report";
import { getWorkflow } from "@/lib/workflow/get-workflow";

export const dynamic = "force-dynamic";

const get = consoleFile(
  async (principal, { workflowId, mode }) =>
    reportResponse(await consoleReport(principal, mode, async () => (await getWorkflow(principal.tenant.id, workflowId)).correlationId)),
  "workflow",
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
