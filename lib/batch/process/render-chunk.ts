import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { getDb, rowsOf } from "@/lib/db/client";
import { insertMany } from "@/lib/db/insert-many";
import { activityItems, auditEvents, batchRecords, batches, type Batch, type BatchRecord } from "@/lib/db/schema";
import { createDeliverySessions } from "@/lib/delivery/create-sessions";
import { recordTrace } from "@/lib/explain/store";
import { newId } from "@/lib/ids";
import { renderToBlob, type StoredRender } from "@/lib/pdf/render-pool";
import { sendEvent } from "@/lib/jobs/send-event";
import { parseRecipients } from "../recipients";
import { recordBlobKey } from "./record-blob-key";

/** A slice of a batch's records, by index: [from, from + count). */
export interface Chunk {
  batchId: string;
  from: number;
  count: number;
}

export interface ChunkOutcome {
  rendered: number;
  failed: number;
  /** Records already finished (a retried or reclaimed chunk), or a batch no longer processing. */
  skipped: number;
}

type Rendered = { record: BatchRecord; result: StoredRender; failure: null } | { record: BatchRecord; result: null; failure: string };

/**
 * Renders the pending records of one chunk of a processing batch, all at once across the render
 * threads, and commits their outcomes in one transaction of multi-row writes: record states, activity
 * items, audit records, delivery sessions and their mails, and the batch's counters once. Idempotent:
 * the commit only takes records still pending, so a retried or reclaimed chunk never renders, mails or
 * counts a record twice; a record whose render fails is that record's failure only.
 */
export async function renderBatchChunk({ batchId, from, count }: Chunk): Promise<ChunkOutcome> {
  const db = await getDb();
  const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
  if (!batch || batch.state !== "processing") return { rendered: 0, failed: 0, skipped: count };
  const pending = await db
    .select()
    .from(batchRecords)
    .where(
      and(
        eq(batchRecords.batchId, batchId),
        gte(batchRecords.recordIndex, from),
        lt(batchRecords.recordIndex, from + count),
        eq(batchRecords.status, "pending"),
      ),
    )
    .orderBy(asc(batchRecords.recordIndex));
  if (!pending.length) return { rendered: 0, failed: 0, skipped: count };

  // Every record is rendered and stored before a storage error fails the chunk: a chunk must not be
  // retried while its other renders still write (the retry would race them for the same keys).
  const settled = await Promise.allSettled(pending.map((record) => renderOne(batch, record)));
  const outcomes = settled.map((o) => {
    if (o.status === "rejected") throw o.reason;
    return o.value;
  });
  const committed = await commitChunk(batch, outcomes);
  if (batch.explainRequestedBy) traceRecords(batch, batch.explainRequestedBy, committed);
  const failed = committed.filter((o) => o.failure !== null).length;
  return { rendered: committed.length - failed, failed, skipped: count - committed.length };
}

async function renderOne(batch: Batch, record: BatchRecord): Promise<Rendered> {
  let result: Awaited<ReturnType<typeof renderToBlob>>;
  try {
    result = await renderToBlob(
      {
        templatePath: batch.templatePath,
        templateVersion: batch.templateVersion ?? undefined,
        record: record.data,
        meta: { correlationId: record.correlationId, title: `${batch.title} – ${record.fileName}`, documentId: record.documentId },
        explain: batch.explainRequestedBy !== null,
        blobKey: recordBlobKey(batch.tenantId, batch.id, record.recordIndex),
      },
      { tenant: batch.tenantId, batch: batch.id },
    );
  } catch (err) {
    // A render error is the record's own (its data, its template version gone, a layout past
    // RENDER_TIMEOUT_MS): retrying would fail the same way, so it is recorded, not retried.
    return { record, result: null, failure: err instanceof Error ? err.message : String(err) };
  }
  // A storage error is not the record's fault: it fails the chunk, which is retried.
  if ("storageError" in result) throw new Error(`Storing the PDF of record ${record.recordIndex} failed: ${result.storageError}`);
  return { record, result, failure: null };
}

/** Only committed records are traced: a retried chunk's records that an earlier run committed were traced by it. */
function traceRecords(batch: Batch, requestedBy: string, committed: Rendered[]): void {
  const createdAt = new Date();
  for (const o of committed) {
    recordTrace({
      correlationId: o.record.correlationId,
      tenantId: batch.tenantId,
      kind: "batch-record",
      referenceId: batch.id,
      recordIndex: o.record.recordIndex,
      requestedBy,
      retention: batch.explainRetention,
      template: o.result?.template ?? { path: batch.templatePath, version: batch.templateVersion ?? "", title: batch.title },
      timings: o.result?.timings,
      facts: o.result?.explain,
      failure: o.failure,
      createdAt,
    });
  }
}

async function commitChunk(batch: Batch, outcomes: Rendered[]): Promise<Rendered[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const values = outcomes.map((o) => ({
      idx: o.record.recordIndex,
      status: o.result ? "rendered" : "failed",
      error: o.failure,
      blob_key: o.result ? recordBlobKey(batch.tenantId, batch.id, o.record.recordIndex) : null,
      byte_size: o.result?.byteSize ?? null,
      timings: o.result?.timings ?? null,
    }));
    // One statement for the whole chunk, guarded by the status: only records still pending change.
    const updated = rowsOf(
      await tx.execute(sql`
        update batch_records r
        set status = v.status, error = v.error, blob_key = v.blob_key, byte_size = v.byte_size, timings = v.timings, rendered_at = now()
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          as v(idx int, status text, error text, blob_key text, byte_size int, timings jsonb)
        where r.batch_id = ${batch.id} and r.record_index = v.idx and r.status = 'pending'
        returning r.record_index`),
    );
    const fresh = new Set(updated.map((r) => Number(r.record_index)));
    const done = outcomes.filter((o) => fresh.has(o.record.recordIndex));
    if (!done.length) return done;

    const distribution = batch.distribution;
    await insertMany(
      tx,
      activityItems,
      done.map((o) => ({
        id: newId(),
        tenantId: batch.tenantId,
        kind: "record" as const,
        referenceId: batch.id,
        correlationId: o.record.correlationId,
        title: o.record.fileName,
        status: o.result ? "rendered" : "failed",
        detail: { recordIndex: o.record.recordIndex, documentId: o.record.documentId, error: o.failure },
      })),
    );
    await insertMany(
      tx,
      auditEvents,
      done.map((o) => ({
        tenantId: batch.tenantId,
        subjectType: "record",
        subjectId: o.record.correlationId,
        action: o.result ? "record.rendered" : "record.failed",
        detail: { batchId: batch.id, recordIndex: o.record.recordIndex, error: o.failure },
      })),
    );
    if (distribution.deliveryConfig.mode === "secure-email") {
      await createDeliverySessions(
        tx,
        done
          .filter((o) => o.result)
          .map((o) => ({
            tenantId: batch.tenantId,
            batchId: batch.id,
            recordIndex: o.record.recordIndex,
            recordCorrelationId: o.record.correlationId,
            recipients: parseRecipients(o.record.data, distribution.deliveryConfig.nameField).recipients,
            expiresInHours: distribution.deliveryConfig.expiresInHours,
            documentTitle: batch.title,
            fileName: o.record.fileName,
            locale: batch.locale,
          })),
      );
    }
    // The batch row is shared by every chunk: it is updated last so its lock is held only until commit.
    const failed = done.filter((o) => o.failure !== null).length;
    const [counts] = await tx
      .update(batches)
      .set({
        processedCount: sql`${batches.processedCount} + ${done.length}`,
        errorCount: sql`${batches.errorCount} + ${failed}`,
        failedCount: sql`${batches.failedCount} + ${failed}`,
        updatedAt: new Date(),
      })
      .where(eq(batches.id, batch.id))
      .returning({ processed: batches.processedCount, total: batches.documentCount });
    // The last chunk to finish hands the batch to finalisation (once: the event id dedupes).
    if (counts.processed >= counts.total) {
      await sendEvent(tx, { name: "dispatch/batch.finalize", data: { batchId: batch.id, tenantId: batch.tenantId }, id: batch.id });
    }
    return done;
  });
}

/**
 * The last chunk of a batch is rendered with nothing left to overlap its commit and its mail: the
 * render threads wait for them. So the last `size` pending records go in ranges this many times
 * smaller, which shortens that wait (from the last chunk's commit to the last mail accepted).
 */
const TAIL_SPLIT = 4;

/**
 * The pending indexes cut into index ranges of at most `size` records: consecutive indexes share a
 * range, so a first run (every record pending) makes ranges of exactly `size`, then smaller ranges
 * for its last `size` records (see TAIL_SPLIT).
 */
export function chunksOf(pending: number[], size: number): Array<{ from: number; count: number }> {
  const chunks: Array<{ from: number; count: number }> = [];
  const tailStart = pending.length - size;
  const tailSize = Math.max(1, Math.ceil(size / TAIL_SPLIT));
  pending.forEach((i, position) => {
    const last = chunks.at(-1);
    const limit = position >= tailStart ? tailSize : size;
    if (last && position !== tailStart && i < last.from + limit) last.count = i - last.from + 1;
    else chunks.push({ from: i, count: 1 });
  });
  return chunks;
}
