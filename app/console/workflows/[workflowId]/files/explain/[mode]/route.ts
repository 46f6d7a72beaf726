import { consoleFile } from "@/lib/console/file-route";
import { consoleReport } from "@/lib/explain/report/console-report";
import { getWorkflow } from "@/lib/workflow/get-workflow";

export const dynamic = "force-dynamic";

export const GET = consoleFile(
  (principal, { workflowId, mode }) => consoleReport(principal, mode, async () => (await getWorkflow(principal.tenant.id, workflowId)).correlationId),
  "workflow",
);
