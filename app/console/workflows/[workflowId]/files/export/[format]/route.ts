import { consoleFile } from "@/lib/http/console-file";
import { methods } from "@/lib/http/route";
import { workflowExportResponse } from "@/lib/http/workflow-export-response";
import { exportWorkflow } from "@/lib/workflow/export/export-workflow";

export const dynamic = "force-dynamic";

/** json or csv, checked by the domain as for the API's ?format= (anything else is 400 workflow.export_format). */
const get = consoleFile(
  async (principal, { workflowId, format }) => workflowExportResponse(await exportWorkflow(principal.tenant.id, workflowId, format)),
  "workflow",
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
