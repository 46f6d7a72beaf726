import { traceAnswer } from "@/lib/explain/answer-schema";
import { traceQuery } from "@/lib/explain/api-schemas";
import { getTrace } from "@/lib/explain/get-trace";
import { EXPLAIN_TIERS } from "@/lib/explain/settings";
import { methods, route } from "@/lib/http/route";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    tiers: EXPLAIN_TIERS,
    query: traceQuery,
    summary: "The explain trace of a render, by its correlation id",
    description: md(
      "`?correlationId=` or `?id=` (the same value; both given must agree).",
      "",
      "- 200 `application/json`: the newest trace of the caller's tenant for that correlation id (a caller may reuse a correlation id for single renders; every trace is kept, the newest answers). Its members are described in the area.",
      "- 404 `explain.trace_not_found` with `Retry-After: 2` when there is none: not stored yet (capture is asynchronous, normally well under a second), never traced, or another tenant's (indistinguishable).",
      "- 404 `explain.batch_correlation_id`, without `Retry-After`, when the id is the correlation id of one of the tenant's batches (`X-Svc-CorrelationId` of the intake answer): a batch has no trace of its own, so waiting would never help. Each record of a traced batch is rendered, and traced, under the record's own correlation id: `documents[].correlationId` of `GET /api/dispatch/batch/{batchId}/documents` (also the PDF's XMP `CorrelationId`). The problem carries `batchId` and `documents` (that path).",
      "- 400 `request.invalid` without an id, with two different ids, or an id over 200 characters; 400 `request.invalid_characters` for NUL or lone surrogates.",
    ),
    responses: { 200: traceAnswer },
  },
  async ({ principal, query }) => {
    const json = await getTrace(principal, query.correlationId);
    return new Response(json as BodyInit, {
      headers: { "content-type": "application/json", "cache-control": "private, no-store" },
    });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
