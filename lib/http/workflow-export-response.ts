import type { WorkflowExport } from "@/lib/workflow/export/export-workflow";

/** A workflow's export (the API's and the console's route alike): never cached, since it is the data as it is now. */
export function workflowExportResponse(exported: WorkflowExport): Response {
  if (exported.format === "json") return Response.json(exported.body, { headers: { "cache-control": "no-store" } });
  return new Response(exported.csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8; header=present",
      "content-disposition": `attachment; filename="${exported.fileName}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
