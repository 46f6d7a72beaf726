import { and, eq, sql } from "drizzle-orm";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { activityItems, auditEvents, batchRecords, batches, type Batch, type BatchRecord } from "@/lib/db/schema";
import { createDeliverySessions } from "@/lib/delivery/create-sessions";
import { newId } from "@/lib/ids";
import { renderFromTemplate, type RenderResult } from "@/lib/pdf/render-pool";
import { sendEvent } from "@/inngest/send-event";
import { parseRecipients } from "../recipients";
import type { Distribution } from "../resolve-distribution";
import { recordBlobKey } from "./record-blob-key";

export type RecordOutcome = "rendered" | "failed" | "skipped";

/**
 * Renders one record of a processing batch. Idempotent: a record that is no longer pending is
 * skipped, and the state change, activity item, audit record and delivery sessions are written in
 * one transaction guarded by the record's status, so a retry never renders, mails or counts twice.
 */
export async function renderBatchRecord(batchId: string, recordIndex: number): Promise<RecordOutcome> {
  const db = await getDb();
  const [row] = await db
    .select({ batch: batches, record: batchRecords })
    .from(batchRecords)
    .innerJoin(batches, eq(batches.id, batchRecords.batchId))
    .where(and(eq(batchRecords.batchId, batchId), eq(batchRecords.recordIndex, recordIndex)));
  if (!row || row.batch.state !== "processing" || row.record.status !== "pending") return "skipped";
  const { batch, record } = row;

  let failure: string | null = null;
  let rendered: RenderResult | null = null;
  try {
    rendered = await renderFromTemplate({
      templatePath: batch.templatePath,
      templateVersion: batch.templateVersion ?? undefined,
      record: record.data,
      meta: { correlationId: record.correlationId, title: `${batch.title} – ${record.fileName}`, documentId: record.documentId },
    });
  } catch (err) {
    // A render error is the record's own (its data, its template version gone, a layout past
    // RENDER_TIMEOUT_MS): retrying would fail the same way, so it is recorded, not retried.
    failure = err instanceof Error ? err.message : String(err);
  }
  // A storage error is not the record's fault: it propagates and the job is retried.
  if (rendered) await getBlobStore().put(recordBlobKey(batchId, recordIndex), rendered.pdf, "application/pdf");
  return commitOutcome(batch, record, rendered, failure);
}

async function commitOutcome(
  batch: Batch,
  record: BatchRecord,
  rendered: RenderResult | null,
  failure: string | null,
): Promise<RecordOutcome> {
  const db = await getDb();
  const ok = failure === null && rendered !== null;
  return db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(batchRecords)
      .set({
        status: ok ? "rendered" : "failed",
        error: failure,
        blobKey: ok ? recordBlobKey(batch.id, record.recordIndex) : null,
        byteSize: rendered?.pdf.byteLength ?? null,
        timings: rendered?.timings ?? null,
        renderedAt: now,
      })
      .where(and(eq(batchRecords.batchId, batch.id), eq(batchRecords.recordIndex, record.recordIndex), eq(batchRecords.status, "pending")))
      .returning({ index: batchRecords.recordIndex });
    if (!updated) return "skipped";

    // Independent writes: postgres.js pipelines them on the transaction's connection.
    const distribution = batch.distribution as Distribution;
    await Promise.all([
      tx.insert(activityItems).values({
        id: newId(),
        tenantId: batch.tenantId,
        kind: "record",
        referenceId: batch.id,
        correlationId: record.correlationId,
        title: record.fileName,
        status: ok ? "rendered" : "failed",
        detail: { recordIndex: record.recordIndex, documentId: record.documentId, error: failure },
      }),
      tx.insert(auditEvents).values({
        tenantId: batch.tenantId,
        subjectType: "record",
        subjectId: record.correlationId,
        action: ok ? "record.rendered" : "record.failed",
        detail: { batchId: batch.id, recordIndex: record.recordIndex, error: failure },
      }),
      ok && distribution.deliveryConfig.mode === "secure-email"
        ? createDeliverySessions(tx, {
            tenantId: batch.tenantId,
            batchId: batch.id,
            recordIndex: record.recordIndex,
            recordCorrelationId: record.correlationId,
            recipients: parseRecipients(record.data).recipients,
            expiresInHours: distribution.deliveryConfig.expiresInHours,
            documentTitle: batch.title,
            fileName: record.fileName,
          })
        : null,
    ]);
    // The batch row is shared by every record: it is updated last so its lock is held only until commit.
    const [counts] = await tx
      .update(batches)
      .set({
        processedCount: sql`${batches.processedCount} + 1`,
        errorCount: ok ? sql`${batches.errorCount}` : sql`${batches.errorCount} + 1`,
        failedCount: ok ? sql`${batches.failedCount}` : sql`${batches.failedCount} + 1`,
        updatedAt: now,
      })
      .where(eq(batches.id, batch.id))
      .returning({ processed: batches.processedCount, total: batches.documentCount });
    // The last record to finish hands the batch to finalisation (once: the event id dedupes).
    if (counts.processed >= counts.total) {
      await sendEvent(tx, { name: "dispatch/batch.finalize", data: { batchId: batch.id }, id: batch.id });
    }
    return ok ? "rendered" : "failed";
  });
}
