import { and, desc, eq } from "drizzle-orm";
import { gunzipSync } from "fflate";
import type { Principal } from "@/lib/auth/bearer";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { explainTraces } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";

/** Seconds a client is told to wait when the trace is not stored yet (capture is asynchronous). */
export const TRACE_RETRY_AFTER_S = 2;

/**
 * The newest trace of the caller's tenant under a correlation id, as the JSON bytes stored. A
 * correlation id without a trace (not stored yet, never traced, another tenant's) is one answer:
 * 404 with Retry-After, because right after a render the trace may still be on its way.
 */
export async function getTrace(principal: Principal, correlationId: string): Promise<Uint8Array> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(explainTraces)
    .where(and(eq(explainTraces.tenantId, principal.tenant.id), eq(explainTraces.correlationId, correlationId)))
    .orderBy(desc(explainTraces.createdAt))
    .limit(1);
  const bytes = row ? await getBlobStore().get(row.blobKey) : null;
  if (!row || !bytes) {
    throw new AppError("explain.trace_not_found", `No explain trace for correlation id ${JSON.stringify(correlationId)} yet; traces are stored a few seconds after the render`, {
      headers: { "retry-after": String(TRACE_RETRY_AFTER_S) },
    });
  }
  return row.archivedAt ? gunzipSync(bytes) : bytes;
}
