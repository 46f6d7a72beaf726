import { consoleFile } from "@/lib/console/file-route";
import { methods } from "@/lib/http/route";
import { exportWorkflow } from "@/lib/workflow/export/export-workflow";

export const dynamic = "force-dynamic";

/** json or csv, checked by the domain as for the API's ?format= (anything else is 400 workflow.export_format). */
const get = consoleFile((principal, { workflowId, format }) => exportWorkflow(principal.tenant.id, workflowId, format), "workflow");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
