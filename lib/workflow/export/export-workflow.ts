import type { Workflow } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import { getWorkflow } from "../get-workflow";
import { cellText, csvDocument } from "./csv";

export const exportFormats = ["json", "csv"] as const;

/** One row per field of the schema, in step and field order; a field never filled has value and updatedAt null. */
export function exportRows(wf: Workflow) {
  return wf.schema.steps.flatMap((s, step) =>
    s.fields.map((f) => {
      const stored = wf.data[step]?.[f.key];
      return {
        step,
        stepTitle: s.title,
        key: f.key,
        label: f.label ?? f.key,
        value: stored?.value ?? null,
        updatedAt: stored?.updatedAt ?? null,
      };
    }),
  );
}

/** Letters, digits, dot, dash and underscore only, so the name is safe in a header and on every file system. */
export const safeFileName = (s: string): string =>
  s
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(0, 80) || "workflow";

/** An export as its route answers it: JSON, or a CSV document and the name of its file. */
export type WorkflowExport =
  | {
      format: "json";
      body: { workflowId: string; correlationId: string; state: string; exportedAt: string; rows: ReturnType<typeof exportRows> };
    }
  | { format: "csv"; csv: string; fileName: string };

/**
 * GET /api/workflow/{id}/export?format=json|csv: the collected data as it is now, in any state
 * (docs/spec.md, "Workflow": "complete collected data snapshot"). JSON: the workflow's ids and state with the rows. CSV:
 * a header row and one line per field, as an attachment named after the correlationId.
 */
export async function exportWorkflow(tenantId: string, workflowId: string, format: string): Promise<WorkflowExport> {
  if (!(exportFormats as readonly string[]).includes(format)) {
    throw new AppError("workflow.export_format", `format must be json or csv, not ${JSON.stringify(format.slice(0, 20))}`, {
      errors: [{ path: "format", message: "must be json or csv" }],
    });
  }
  const wf = await getWorkflow(tenantId, workflowId);
  const rows = exportRows(wf);
  const exportedAt = new Date().toISOString();
  if (format === "json")
    return { format: "json", body: { workflowId: wf.id, correlationId: wf.correlationId, state: wf.state, exportedAt, rows } };
  const header = ["step", "stepTitle", "key", "label", "value", "updatedAt"];
  const csv = csvDocument(
    header,
    rows.map((r) => [String(r.step), r.stepTitle, r.key, r.label, cellText(r.value), r.updatedAt ?? ""]),
  );
  return { format: "csv", csv, fileName: `${safeFileName(`workflow-${wf.correlationId}`)}.csv` };
}
