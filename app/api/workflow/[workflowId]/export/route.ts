import { methods, route } from "@/lib/http/route";
import { workflowExportResponse } from "@/lib/http/workflow-export-response";
import { exportAnswer } from "@/lib/workflow/answer-schemas";
import { exportQuery, workflowIdParams } from "@/lib/workflow/api-schemas";
import { exportWorkflow } from "@/lib/workflow/export/export-workflow";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    query: exportQuery,
    summary: "The workflow's data as JSON or CSV",
    description: md(
      "Not in the spec. The collected data as it is now, in any state; another tenant's id is 404.",
      "",
      "- One row per field of the schema, in step and field order: `{step, stepTitle, key, label, value, updatedAt}` (`step` the 0-based index; a field never filled has `value` and `updatedAt` null).",
      "- JSON (default): `{workflowId, correlationId, state, exportedAt, rows}`.",
      "- CSV: `text/csv; charset=utf-8; header=present`, `Content-Disposition: attachment; filename=\"workflow-<correlationId>.csv\"` (the name reduced to letters, digits, `.`, `_`, `-`), UTF-8 with a byte-order mark (so Excel does not guess a code page), CRLF lines, header row `step,stepTitle,key,label,value,updatedAt`, RFC 4180 quoting; lists and objects as JSON, an empty field as an empty cell. Every cell that starts with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'` (formula injection; a negative number therefore reads `'-5`).",
      "- Any other format: 400 `workflow.export_format`.",
    ),
    responses: {
      200: {
        description: "`format` chooses JSON or CSV (a header row, then one line per field).",
        schema: exportAnswer,
        contentType: ["application/json", "text/csv"],
      },
    },
  },
  async ({ principal, params, query }) =>
    workflowExportResponse(await exportWorkflow(principal.tenant.id, params.workflowId, query.format)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
