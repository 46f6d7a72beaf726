import { and, desc, eq } from "drizzle-orm";
import { gunzipSync } from "fflate";
import type { Principal } from "@/lib/auth/bearer";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { batches, explainTraces, type ExplainTrace } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";

/** Seconds a client is told to wait when the trace is not stored yet (capture is asynchronous). */
export const TRACE_RETRY_AFTER_S = 2;

/**
 * A correlation id without a trace (not stored yet, never traced, another tenant's) is one answer:
 * 404 with Retry-After, because right after a render the trace may still be on its way.
 */
export function traceNotFound(correlationId: string): AppError {
  return new AppError(
    "explain.trace_not_found",
    `No explain trace for correlation id ${JSON.stringify(correlationId)} yet; traces are stored a few seconds after the render`,
    {
      headers: { "retry-after": String(TRACE_RETRY_AFTER_S) },
    },
  );
}

/**
 * The answer for a correlation id without a trace. A batch's own correlation id never gets one (each
 * record is rendered, and traced, under its own correlation id), so "not stored yet, try again" would
 * be answered for ever: it gets a problem of its own, without Retry-After, saying where the traces
 * are. Looked up only once no trace was found, in the caller's tenant.
 */
export async function missingTrace(tenantId: string, correlationId: string): Promise<AppError> {
  const db = await getDb();
  const [batch] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.tenantId, tenantId), eq(batches.correlationId, correlationId)))
    .limit(1);
  if (!batch) return traceNotFound(correlationId);
  const documents = `/api/dispatch/batch/${batch.id}/documents`;
  return new AppError(
    "explain.batch_correlation_id",
    `${JSON.stringify(correlationId)} is the correlation id of batch ${batch.id}. A batch has no explain trace of its own: each record's render is traced under the record's correlation id, listed as documents[].correlationId by GET ${documents}`,
    { batchId: batch.id, documents },
  );
}

/** The newest trace row of the caller's tenant under a correlation id. */
export async function findTrace(principal: Principal, correlationId: string): Promise<ExplainTrace> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(explainTraces)
    .where(and(eq(explainTraces.tenantId, principal.tenant.id), eq(explainTraces.correlationId, correlationId)))
    .orderBy(desc(explainTraces.createdAt))
    .limit(1);
  if (!row) throw await missingTrace(principal.tenant.id, correlationId);
  return row;
}

/** The trace's JSON bytes, hot or archived (gzip). */
export async function readTrace(row: ExplainTrace): Promise<Uint8Array> {
  const bytes = await getBlobStore().get(row.blobKey);
  if (!bytes) throw traceNotFound(row.correlationId);
  return row.archivedAt ? gunzipSync(bytes) : bytes;
}

/**
 * The newest trace of the caller's tenant under a correlation id, as the API answers it: the JSON
 * stored, without the words its messages carry for the report and the console (each message's
 * English `message` and `recovery` say the same). A trace stored before they were kept is answered
 * as its bytes are.
 */
export async function getTrace(principal: Principal, correlationId: string): Promise<Uint8Array> {
  const bytes = await readTrace(await findTrace(principal, correlationId));
  const trace = JSON.parse(Buffer.from(bytes).toString("utf8")) as { messages?: Array<Record<string, unknown>> };
  if (!trace.messages?.some((m) => "words" in m || "recoveryWords" in m)) return bytes;
  trace.messages = trace.messages.map(({ words: _words, recoveryWords: _recoveryWords, ...m }) => m);
  return Buffer.from(JSON.stringify(trace), "utf8");
}
