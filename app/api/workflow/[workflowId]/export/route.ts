import { methods, route } from "@/lib/http/route";
import { exportAnswer } from "@/lib/workflow/answer-schemas";
import { exportQuery, workflowIdParams } from "@/lib/workflow/api-schemas";
import { exportWorkflow } from "@/lib/workflow/export/export-workflow";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    query: exportQuery,
    summary: "The workflow's data as JSON or CSV",
    responses: { 200: { description: "`format` chooses JSON or CSV (a header row, then one line per field).", schema: exportAnswer, contentType: ["application/json", "text/csv"] } },
    problems: ["workflow.not_found", "workflow.export_format"],
  },
  ({ principal, params, query }) =>
    exportWorkflow(principal.tenant.id, params.workflowId, query.format),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
