import { traceAnswer } from "@/lib/explain/answer-schema";
import { traceQuery } from "@/lib/explain/api-schemas";
import { getTrace } from "@/lib/explain/get-trace";
import { EXPLAIN_TIERS } from "@/lib/explain/settings";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    tiers: EXPLAIN_TIERS,
    query: traceQuery,
    summary: "The explain trace of a render, by its correlation id",
    description: "404 explain.trace_not_found with Retry-After right after a render: the trace may still be on its way.",
    responses: { 200: traceAnswer },
    problems: ["explain.trace_not_found", "explain.batch_correlation_id"],
  },
  async ({ principal, query }) => {
    const json = await getTrace(principal, query.correlationId);
    return new Response(json as BodyInit, {
      headers: { "content-type": "application/json", "cache-control": "private, no-store" },
    });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
