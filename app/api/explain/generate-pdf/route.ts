import { reportExamples } from "@/lib/explain/api-examples";
import { reportBody, reportQuery } from "@/lib/explain/api-schemas";
import { reportResponse } from "@/lib/http/report-response";
import { explainReport } from "@/lib/explain/report/get-report";
import { EXPLAIN_TIERS } from "@/lib/explain/settings";
import { methods, route } from "@/lib/http/route";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const reportDoc = {
  responses: {
    200: {
      description: "The explain report (summary or full, by `mode`).",
      contentType: "application/pdf",
      headers: {
        "X-Svc-CorrelationId": "The render's correlation id",
        "X-Svc-Report-Cache": "hit when the stored report was served, miss when made now",
      },
    },
  },
} as const;

const get = route(
  {
    auth: "bearer",
    tiers: EXPLAIN_TIERS,
    query: reportQuery,
    summary: "The explain report of a render as a PDF",
    description: md(
      "- **Input**: `id` (or `correlationId`; given both, they must agree) and `mode`, `summary` (the default) or `detailed`. An unknown mode, or no id, is 400 `request.invalid`.",
      "- **Not stored yet**: a correlation id without a stored trace answers 404 `explain.trace_not_found` with `Retry-After: 2`, and a batch's correlation id 404 `explain.batch_correlation_id`, as the trace endpoint does. Only the newest trace of the caller's tenant is reported.",
      "- **200 `application/pdf`, `inline`**: the file is named `explain-summary.pdf` or `explain-detailed.pdf`, never after the id. The headers are `X-Svc-CorrelationId`, `Last-Modified` (when the report was made) and `X-Svc-Report-Cache: hit|miss`. The PDF's XMP `CorrelationId` is the traced render's, so a report names the document it explains. What each mode holds, and the cache, are in the area.",
    ),
    ...reportDoc,
  },
  async ({ principal, query }) => reportResponse(await explainReport(principal, query.correlationId, query.mode)),
);

const post = route(
  {
    auth: "bearer",
    tiers: EXPLAIN_TIERS,
    body: reportBody,
    examples: reportExamples,
    bodyLimit: 4_096,
    summary: "The explain report of a render as a PDF (parameters in the body)",
    description: md(
      'As `GET /api/explain/generate-pdf`, with `{"correlationId": "…", "mode": "summary"|"detailed"}` as a JSON body of at most 4 KB (`mode` defaults to `summary`).',
    ),
    ...reportDoc,
  },
  async ({ principal, body }) => reportResponse(await explainReport(principal, body.correlationId, body.mode)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get, POST: post });
