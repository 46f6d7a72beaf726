import { and, asc, eq } from "drizzle-orm";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { activityItems, auditEvents, batchRecords, batches } from "@/lib/db/schema";
import { mergePdfs } from "@/lib/pdf/merge";
import { bundleBlobKey, combinedBlobKey } from "./record-blob-key";
import { zipStream } from "./zip-stream";

/**
 * Runs once every record has finished: builds the combined PDF or the ZIP bundle when asked for,
 * then moves the batch to completed, or partially-failed when any record failed.
 */
export async function finalizeBatch(batchId: string): Promise<string | null> {
  const db = await getDb();
  const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
  if (!batch || batch.state !== "processing" || batch.processedCount < batch.documentCount) return null;
  const distribution = batch.distribution;
  const rendered = await db
    .select({ index: batchRecords.recordIndex, key: batchRecords.blobKey, fileName: batchRecords.fileName })
    .from(batchRecords)
    .where(and(eq(batchRecords.batchId, batchId), eq(batchRecords.status, "rendered")))
    .orderBy(asc(batchRecords.recordIndex));
  const blobs = getBlobStore();
  const read = async (key: string) => {
    const pdf = await blobs.get(key);
    if (!pdf) throw new Error(`Stored document ${key} is missing`);
    return pdf;
  };

  let combinedKey: string | null = null;
  let bundleKey: string | null = null;
  if (rendered.length && distribution.mode === "combined") {
    // pdf-lib builds the combined document in memory: combined mode suits letters, not 10,000-record runs.
    const pdfs = await Promise.all(rendered.map((r) => read(r.key!)));
    const merged = await mergePdfs(pdfs, { correlationId: batch.correlationId, title: batch.title });
    combinedKey = combinedBlobKey(batch.tenantId, batchId);
    await blobs.put(combinedKey, merged, "application/pdf");
  }
  if (rendered.length && distribution.mode === "individual" && distribution.zipBundle) {
    // One document at a time from the store into the upload: a 10,000-document bundle never sits whole in memory.
    async function* entries() {
      for (const r of rendered) yield { name: r.fileName, data: await read(r.key!) };
    }
    bundleKey = bundleBlobKey(batch.tenantId, batchId);
    await blobs.putStream(bundleKey, zipStream(entries()), "application/zip");
  }
  const state = batch.errorCount === 0 ? "completed" : "partially-failed";
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(batches)
      .set({ state, completedAt: now, updatedAt: now, combinedKey, bundleKey })
      .where(and(eq(batches.id, batchId), eq(batches.state, "processing")))
      .returning();
    if (!row) return;
    await tx.update(activityItems).set({ status: state, updatedAt: now }).where(eq(activityItems.id, row.activityItemId));
    await tx.insert(auditEvents).values({
      tenantId: row.tenantId,
      subjectType: "batch",
      subjectId: batchId,
      action: `batch.${state}`,
      detail: { rendered: rendered.length, failed: row.errorCount },
    });
  });
  return state;
}
