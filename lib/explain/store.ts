import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { explainTraces } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { assembleTrace, type TraceInput } from "./assemble-trace";

export const traceKey = (id: string) => `explain/traces/${id}.json`;
export const archiveKey = (id: string) => `explain/archive/${id}.json.gz`;

/** Waits between attempts to store one trace; a trace that fails them all is logged and lost (the render is not). */
const RETRY_MS = [250, 1_000, 4_000, 15_000];

const holder = globalThis as unknown as { __sealpostTraceWrites?: Set<Promise<void>> };
const writes = () => (holder.__sealpostTraceWrites ??= new Set());

/**
 * Assembles and stores the trace of a render that has already returned: called after the PDF is in
 * hand, it returns at once and does its work on a later turn of the event loop, so neither the
 * request nor the batch chunk waits for it. Storage is retried; the id is chosen once, so a retry
 * after the blob was written only writes the same blob again.
 */
export function recordTrace(input: TraceInput): void {
  const id = newId();
  const work = (async () => {
    await new Promise((resolve) => setImmediate(resolve));
    const bytes = Buffer.from(JSON.stringify(assembleTrace(input)), "utf8");
    for (let attempt = 0; ; attempt++) {
      try {
        await storeTrace(id, input, bytes);
        return;
      } catch (err) {
        if (attempt >= RETRY_MS.length) throw err;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS[attempt]));
      }
    }
  })()
    .catch((err) => console.error(`[explain] trace of ${input.correlationId} could not be stored: ${(err as Error).message}`))
    .finally(() => writes().delete(work));
  writes().add(work);
}

async function storeTrace(id: string, input: TraceInput, bytes: Uint8Array): Promise<void> {
  const key = traceKey(id);
  await getBlobStore().put(key, bytes, "application/json");
  const db = await getDb();
  await db
    .insert(explainTraces)
    .values({ id, tenantId: input.tenantId, correlationId: input.correlationId, renderKind: input.kind, referenceId: input.referenceId ?? null, blobKey: key, byteSize: bytes.byteLength, createdAt: input.createdAt })
    .onConflictDoNothing();
}

/** Resolves when every trace write started so far has finished (shutdown, tests). */
export async function settleTraceWrites(): Promise<void> {
  while (writes().size) await Promise.allSettled([...writes()]);
}
