import { tenantFolder } from "@/lib/blob/keys";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { explainTraces } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { assembleTrace, type TraceInput } from "./assemble-trace";
import { handOffTrace, type TraceRow } from "./hand-off";
import { defaultRetention, retentionMoments } from "./settings";

export const traceKey = (tenantId: string, id: string) => `${tenantFolder(tenantId)}/explain/traces/${id}.json`;
export const archiveKey = (tenantId: string, id: string) => `${tenantFolder(tenantId)}/explain/archive/${id}.json.gz`;

/**
 * Waits between in-process rounds (store, else hand to the job runner) while neither takes the
 * trace: the job runner is out of reach too (PostgreSQL down under the embedded runner, Inngest
 * unreachable). About four minutes in all; then the trace is logged and lost, never the render.
 */
const RETRY_MS = [1_000, 4_000, 15_000, 30_000, 60_000, 60_000, 60_000];

const holder = globalThis as unknown as { __sealpostTraceWrites?: Set<Promise<void>> };
const writes = () => (holder.__sealpostTraceWrites ??= new Set());

/**
 * Assembles and stores the trace of a render that has already returned: called after the PDF is in
 * hand, it returns at once and does its work on a later turn of the event loop, so neither the
 * request nor the batch chunk waits for it. The first try writes blob and row; a trace that does
 * not land is handed, bytes and all, to the durable job runner, whose retries outlast an
 * outage and a restart of this process. The id is chosen here once, so every retry, in process or
 * in the job, writes the same blob again and finds its row already there.
 */
export function recordTrace(input: TraceInput): void {
  const id = newId();
  const work = (async () => {
    await new Promise((resolve) => setImmediate(resolve));
    const retention = input.retention ?? defaultRetention();
    const bytes = Buffer.from(JSON.stringify(assembleTrace({ ...input, retention })), "utf8");
    const row: TraceRow = {
      id,
      tenantId: input.tenantId,
      correlationId: input.correlationId,
      renderKind: input.kind,
      referenceId: input.referenceId ?? null,
      createdAt: input.createdAt,
      ...retentionMoments(input.createdAt, retention),
    };
    await storeOrHandOff(row, bytes);
  })()
    .catch((err) => console.error(`[explain] trace of ${input.correlationId} is lost: ${(err as Error).message}`))
    .finally(() => writes().delete(work));
  writes().add(work);
}

async function storeOrHandOff(row: TraceRow, bytes: Uint8Array): Promise<void> {
  for (let round = 0; ; round++) {
    let storeError: Error;
    try {
      await storeTrace(row, bytes);
      return;
    } catch (err) {
      storeError = err as Error;
    }
    try {
      await handOffTrace(row, bytes);
      console.warn(`[explain] trace of ${row.correlationId} not stored (${storeError.message}); handed to the job runner as ${row.id}`);
      return;
    } catch (err) {
      if (round >= RETRY_MS.length)
        throw new Error(`${storeError.message}; the job runner did not take it either: ${(err as Error).message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS[round]));
  }
}

/** Blob, then row; both can be repeated (same key, same bytes; the row's id is taken once). */
export async function storeTrace(row: TraceRow, bytes: Uint8Array): Promise<void> {
  const key = traceKey(row.tenantId, row.id);
  await getBlobStore().put(key, bytes, "application/json");
  const db = await getDb();
  await db
    .insert(explainTraces)
    .values({ ...row, blobKey: key, byteSize: bytes.byteLength })
    .onConflictDoNothing();
}

/**
 * Resolves when every trace write started so far has finished (tests), or after `withinMs` (shutdown:
 * a write still going round is given up and logged as lost rather than holding the process).
 */
export async function settleTraceWrites(withinMs = Infinity): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (writes().size && Date.now() < deadline) {
    const left = deadline - Date.now();
    await Promise.race([
      Promise.allSettled([...writes()]),
      ...(Number.isFinite(left) ? [new Promise((r) => setTimeout(r, left).unref())] : []),
    ]);
  }
  if (writes().size)
    console.error(`[explain] ${writes().size} trace writes still waiting for the blob store and the job runner at shutdown: lost`);
}
