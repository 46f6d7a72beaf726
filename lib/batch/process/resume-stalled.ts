import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { auditEvents, batchRecords, batches } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { withLiveJobs } from "@/lib/jobs/job-store";
import { sendEvent } from "@/lib/jobs/send-event";
import { chunkSizeFor } from "./chunk-size";
import { chunksOf } from "./render-chunk";

/** The jobs that move a queued or processing batch on; while one of them waits for a batch, it is not stalled. */
const BATCH_JOBS = ["dispatch-start-batch", "dispatch-render-chunk", "dispatch-finalize-batch"];

export interface ResumedBatch {
  batchId: string;
  /** What was sent again: the pickup, render chunks of the pending records, or finalisation. */
  resumed: "pickup" | "chunks" | "finalize";
  chunks: number;
}

/**
 * Picks up batches whose jobs gave up: a blob store or database away for longer than a job's
 * retries, or a bug. A batch is stalled when it is queued or processing, has not moved for
 * `stallMs`, and no job is queued for it; its remaining work is sent again under fresh event ids.
 * Safe to run any time: renders commit only records still pending, so nothing is counted or mailed
 * twice even if a job thought lost turns up.
 */
export async function resumeStalledBatches({ now = new Date(), stallMs = env().BATCH_STALL_MS } = {}): Promise<ResumedBatch[]> {
  const db = await getDb();
  const quiet = await db
    .select({ id: batches.id, tenantId: batches.tenantId, state: batches.state })
    .from(batches)
    .where(and(inArray(batches.state, ["queued", "processing"]), lt(batches.updatedAt, new Date(now.getTime() - stallMs))));
  const queued = await withLiveJobs(
    db,
    BATCH_JOBS,
    "batchId",
    quiet.map((b) => b.id),
  );
  const resumed: ResumedBatch[] = [];
  for (const batch of quiet.filter((b) => !queued.has(b.id))) {
    const tag = `resume-${now.getTime()}`;
    // Read before the transaction: PGlite has one connection, which the transaction holds.
    const chunkSize = batch.state === "processing" ? await chunkSizeFor(batch.id) : 0;
    const outcome = await db.transaction(async (tx): Promise<ResumedBatch | null> => {
      // Claim the batch for this sweep: a second sweeper (another process) finds it moved and skips it.
      const [claimed] = await tx
        .update(batches)
        .set({ updatedAt: now })
        .where(and(eq(batches.id, batch.id), eq(batches.state, batch.state), lt(batches.updatedAt, new Date(now.getTime() - stallMs))))
        .returning({ id: batches.id });
      if (!claimed) return null;
      let result: ResumedBatch;
      if (batch.state === "queued") {
        await sendEvent(tx, {
          name: "dispatch/batch.approved",
          data: { batchId: batch.id, tenantId: batch.tenantId },
          id: `${batch.id}:${tag}`,
        });
        result = { batchId: batch.id, resumed: "pickup", chunks: 0 };
      } else {
        const pending = await tx
          .select({ index: batchRecords.recordIndex })
          .from(batchRecords)
          .where(and(eq(batchRecords.batchId, batch.id), eq(batchRecords.status, "pending")))
          .orderBy(asc(batchRecords.recordIndex));
        const chunks = chunksOf(
          pending.map((p) => p.index),
          chunkSize,
        );
        if (chunks.length) {
          await sendEvent(
            tx,
            chunks.map((c) => ({
              name: "dispatch/chunk.render",
              data: { batchId: batch.id, tenantId: batch.tenantId, ...c },
              id: `${batch.id}:${c.from}+${c.count}:${tag}`,
            })),
          );
        } else {
          await sendEvent(tx, {
            name: "dispatch/batch.finalize",
            data: { batchId: batch.id, tenantId: batch.tenantId },
            id: `${batch.id}:${tag}`,
          });
        }
        result = { batchId: batch.id, resumed: chunks.length ? "chunks" : "finalize", chunks: chunks.length };
      }
      await tx
        .insert(auditEvents)
        .values({ tenantId: batch.tenantId, subjectType: "batch", subjectId: batch.id, action: "batch.resumed", detail: { ...result } });
      return result;
    });
    if (outcome) resumed.push(outcome);
  }
  return resumed;
}
