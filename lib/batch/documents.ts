import { and, asc, eq } from "drizzle-orm";
import { getBlobStore, type OpenedBlob } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { activityItems, batchRecords } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import { getBatch } from "./get-batch";

/** Per-record documents of a batch, with their correlation ids (the key of delivery-session queries). */
export async function listDocuments(tenantId: string, batchId: string) {
  const batch = await getBatch(tenantId, batchId);
  const db = await getDb();
  const rows = await db
    .select()
    .from(batchRecords)
    .where(and(eq(batchRecords.batchId, batch.id), eq(batchRecords.tenantId, tenantId)))
    .orderBy(asc(batchRecords.recordIndex));
  return {
    batchId: batch.id,
    total: rows.length,
    documents: rows.map((r) => ({
      index: r.recordIndex,
      correlationId: r.correlationId,
      documentId: r.documentId,
      fileName: r.fileName,
      status: r.status,
      error: r.error,
      byteSize: r.byteSize,
      renderedAt: r.renderedAt?.toISOString() ?? null,
      timings: r.timings,
    })),
  };
}

export async function readDocument(tenantId: string, batchId: string, index: number) {
  const batch = await getBatch(tenantId, batchId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(batchRecords)
    .where(and(eq(batchRecords.batchId, batch.id), eq(batchRecords.tenantId, tenantId), eq(batchRecords.recordIndex, index)));
  if (!row) throw new AppError("resource.not_found", `Batch ${batchId} has no record ${index}`);
  if (row.status !== "rendered" || !row.blobKey) {
    throw new AppError("batch.document_not_ready", `Record ${index} is ${row.status}`, { recordStatus: row.status });
  }
  return { pdf: await openBlob(row.blobKey), fileName: row.fileName, correlationId: row.correlationId };
}

/** Receipt, combined PDF or ZIP bundle of a batch, opened to stream. */
export async function readBatchArtifact(tenantId: string, batchId: string, which: "receipt" | "combined" | "bundle") {
  const batch = await getBatch(tenantId, batchId);
  const key = { receipt: batch.receiptKey, combined: batch.combinedKey, bundle: batch.bundleKey }[which];
  if (!key) {
    throw new AppError(
      "resource.not_found",
      `Batch ${batchId} has no ${which}${which === "receipt" ? "" : " (mode, zipBundle or state does not produce one yet)"}`,
    );
  }
  return { file: await openBlob(key), batch };
}

/** A stored file opened to stream to the client; its row says it exists, so its absence is our fault. */
async function openBlob(key: string): Promise<OpenedBlob> {
  const file = await getBlobStore().open(key);
  if (!file) throw new AppError("internal", `Stored file ${key} is missing`);
  return file;
}

/** The lifecycle search: the batch's activity item and its children, which reference it by batchId. */
export async function batchActivity(tenantId: string, batchId: string) {
  const batch = await getBatch(tenantId, batchId);
  const db = await getDb();
  const items = await db
    .select()
    .from(activityItems)
    .where(and(eq(activityItems.tenantId, tenantId), eq(activityItems.referenceId, batch.id)))
    .orderBy(asc(activityItems.createdAt), asc(activityItems.correlationId));
  return {
    batchId: batch.id,
    total: items.length,
    items: items.map((i) => ({
      activityItemId: i.id,
      kind: i.kind,
      referenceId: i.referenceId,
      correlationId: i.correlationId,
      title: i.title,
      status: i.status,
      detail: i.detail,
      createdAt: i.createdAt.toISOString(),
      updatedAt: i.updatedAt.toISOString(),
    })),
  };
}

/** The correlation id of one record of a batch (its explain trace's name). */
export async function recordCorrelationId(tenantId: string, batchId: string, index: number): Promise<string> {
  const batch = await getBatch(tenantId, batchId);
  const db = await getDb();
  const [row] = await db
    .select({ correlationId: batchRecords.correlationId })
    .from(batchRecords)
    .where(and(eq(batchRecords.batchId, batch.id), eq(batchRecords.tenantId, tenantId), eq(batchRecords.recordIndex, index)));
  if (!row) throw new AppError("resource.not_found", `Batch ${batchId} has no record ${index}`);
  return row.correlationId;
}
