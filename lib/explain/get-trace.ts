import { and, desc, eq } from "drizzle-orm";
import { gunzipSync } from "fflate";
import type { Principal } from "@/lib/auth/bearer";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { explainTraces, type ExplainTrace } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";

/** Seconds a client is told to wait when the trace is not stored yet (capture is asynchronous). */
export const TRACE_RETRY_AFTER_S = 2;

/**
 * A correlation id without a trace (not stored yet, never traced, another tenant's) is one answer:
 * 404 with Retry-After, because right after a render the trace may still be on its way.
 */
export function traceNotFound(correlationId: string): AppError {
  return new AppError("explain.trace_not_found", `No explain trace for correlation id ${JSON.stringify(correlationId)} yet; traces are stored a few seconds after the render`, {
    headers: { "retry-after": String(TRACE_RETRY_AFTER_S) },
  });
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
  if (!row) throw traceNotFound(correlationId);
  return row;
}

/** The trace's JSON bytes, hot or archived (gzip). */
export async function readTrace(row: ExplainTrace): Promise<Uint8Array> {
  const bytes = await getBlobStore().get(row.blobKey);
  if (!bytes) throw traceNotFound(row.correlationId);
  return row.archivedAt ? gunzipSync(bytes) : bytes;
}

/** The newest trace of the caller's tenant under a correlation id, as the JSON bytes stored. */
export async function getTrace(principal: Principal, correlationId: string): Promise<Uint8Array> {
  return readTrace(await findTrace(principal, correlationId));
}
