import { and, eq, sql } from "drizzle-orm";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { activityItems, auditEvents, batchRecords, batches, type Batch, type BatchRecord } from "@/lib/db/schema";
import { createDeliverySessions } from "@/lib/delivery/create-sessions";
import { newId } from "@/lib/ids";
import { renderDocument } from "@/lib/pdf/render-document";
import { loadTemplate } from "@/lib/templates/load-template";
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
  const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
  if (!batch || batch.state !== "processing") return "skipped";
  const [record] = await db
    .select()
    .from(batchRecords)
    .where(and(eq(batchRecords.batchId, batchId), eq(batchRecords.recordIndex, recordIndex)));
  if (!record || record.status !== "pending") return "skipped";

  let failure: string | null = null;
  let rendered: Awaited<ReturnType<typeof renderDocument>> | null = null;
  try {
    const template = await loadTemplate(batch.templatePath);
    rendered = await renderDocument(template, record.data, {
      correlationId: record.correlationId,
      title: `${batch.title} – ${record.fileName}`,
      documentId: record.documentId,
    });
  } catch (err) {
    // A render error is the record's own (bad data for this template); it is recorded, not retried.
    failure = err instanceof Error ? err.message : String(err);
  }
  // A storage error is not the record's fault: it propagates and the job is retried.
  if (rendered) await getBlobStore().put(recordBlobKey(batchId, recordIndex), rendered.pdf, "application/pdf");
  return commitOutcome(batch, record, rendered, failure);
}

async function commitOutcome(
  batch: Batch,
  record: BatchRecord,
  rendered: { pdf: Uint8Array; timings: unknown } | null,
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
    await tx.insert(activityItems).values({
      id: newId(),
      tenantId: batch.tenantId,
      kind: "record",
      referenceId: batch.id,
      correlationId: record.correlationId,
      title: record.fileName,
      status: ok ? "rendered" : "failed",
      detail: { recordIndex: record.recordIndex, documentId: record.documentId, error: failure },
    });
    await tx.insert(auditEvents).values({
      tenantId: batch.tenantId,
      subjectType: "record",
      subjectId: record.correlationId,
      action: ok ? "record.rendered" : "record.failed",
      detail: { batchId: batch.id, recordIndex: record.recordIndex, error: failure },
    });
    const distribution = batch.distribution as Distribution;
    if (ok && distribution.deliveryConfig.mode === "secure-email") {
      await createDeliverySessions(tx, {
        tenantId: batch.tenantId,
        batchId: batch.id,
        recordIndex: record.recordIndex,
        recordCorrelationId: record.correlationId,
        recipients: parseRecipients(record.data).recipients,
        expiresInHours: distribution.deliveryConfig.expiresInHours,
        documentTitle: batch.title,
        fileName: record.fileName,
      });
    }
    // The last record to finish hands the batch to finalisation (once: the event id dedupes).
    if (counts.processed >= counts.total) {
      await sendEvent(tx, { name: "dispatch/batch.finalize", data: { batchId: batch.id }, id: batch.id });
    }
    return ok ? "rendered" : "failed";
  });
}
