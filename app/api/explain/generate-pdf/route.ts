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
        "Content-Language": "The language the report is written in (a tag of the catalogues, e.g. `de`, `pt-BR`)",
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
      "- **Input**: `id` (or `correlationId`; given both, they must agree), `mode`, `summary` (the default) or `detailed`, and optionally `lang`. An unknown mode, no id, or a `lang` no catalogue writes is 400 `request.invalid`.",
      "- **Language**: the report is written for the sending company's own people, so in the tenant's default language (`tenant … --default-locale`), else British English. `lang` (a BCP 47 tag of one of the 25 catalogues, matched as everywhere: `de-DE` is `de`, `pt` is `pt-PT`) asks for another one. `Accept-Language` is not read: an API client's names its HTTP library's default, not a reader. Everything Sealpost writes is in that language (the trace's messages too, save the layout decisions, still in English), its numbers and moments written for it, right to left in Arabic and Hebrew; what the trace recorded (engine messages, template lines, ids) is quoted as it is. The answer names the language in `Content-Language`, and the cache keeps each language's report apart.",
      "- **Not stored yet**: a correlation id without a stored trace answers 404 `explain.trace_not_found` with `Retry-After: 2`, and a batch's correlation id 404 `explain.batch_correlation_id`, as the trace endpoint does. Only the newest trace of the caller's tenant is reported.",
      "- **200 `application/pdf`, `inline`**: the file is named `explain-summary.pdf` or `explain-detailed.pdf`, never after the id. The headers are `X-Svc-CorrelationId`, `Content-Language`, `Last-Modified` (when the report was made) and `X-Svc-Report-Cache: hit|miss`. The PDF's XMP `CorrelationId` is the traced render's, so a report names the document it explains. What each mode holds, and the cache, are in the area.",
    ),
    ...reportDoc,
  },
  async ({ principal, query }) => reportResponse(await explainReport(principal, query.correlationId, query.mode, { lang: query.lang })),
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
      'As `GET /api/explain/generate-pdf`, with `{"correlationId": "…", "mode": "summary"|"detailed", "lang": "fr"}` as a JSON body of at most 4 KB (`mode` defaults to `summary`; `lang` is optional, the tenant\'s default language otherwise).',
    ),
    ...reportDoc,
  },
  async ({ principal, body }) => reportResponse(await explainReport(principal, body.correlationId, body.mode, { lang: body.lang })),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get, POST: post });
