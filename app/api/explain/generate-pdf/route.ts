import { reportExamples } from "@/lib/explain/api-examples";
import { reportBody, reportQuery } from "@/lib/explain/api-schemas";
import { reportResponse } from "@/lib/explain/report/report-response";
import { explainReport } from "@/lib/explain/report/get-report";
import { EXPLAIN_TIERS } from "@/lib/explain/settings";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const reportDoc = {
  responses: {
    200: {
      description: "The explain report (summary or full, by `mode`).",
      contentType: "application/pdf",
      headers: { "X-Svc-CorrelationId": "The render's correlation id", "X-Svc-Report-Cache": "hit when the stored report was served, miss when made now" },
    },
  },
  problems: ["explain.trace_not_found", "explain.batch_correlation_id"],
} as const;

const get = route(
  {
    auth: "bearer",
    tiers: EXPLAIN_TIERS,
    query: reportQuery,
    summary: "The explain report of a render as a PDF",
    ...reportDoc,
  },
  async ({ principal, query }) =>
    reportResponse(await explainReport(principal, query.correlationId, query.mode)),
);

const post = route(
  {
    auth: "bearer",
    tiers: EXPLAIN_TIERS,
    body: reportBody,
    examples: reportExamples,
    bodyLimit: 4_096,
    summary: "The explain report of a render as a PDF (parameters in the body)",
    ...reportDoc,
  },
  async ({ principal, body }) =>
    reportResponse(await explainReport(principal, body.correlationId, body.mode)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get, POST: post });
