import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { activityItems, auditEvents, batchRecords, batches } from "@/lib/db/schema";

/** Processor pickup: queued → processing. Returns the indexes still to render (all of them, on a first run). */
export async function startBatch(batchId: string): Promise<number[]> {
  const db = await getDb();
  const picked = await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(batches)
      .set({ state: "processing", startedAt: now, updatedAt: now })
      .where(and(eq(batches.id, batchId), eq(batches.state, "queued")))
      .returning();
    if (row) {
      await tx.update(activityItems).set({ status: "processing", updatedAt: now }).where(eq(activityItems.id, row.activityItemId));
      await tx.insert(auditEvents).values({ tenantId: row.tenantId, subjectType: "batch", subjectId: batchId, action: "batch.processing" });
    }
    return row;
  });
  const [current] = picked ? [picked] : await db.select().from(batches).where(eq(batches.id, batchId));
  // A retried pickup finds the batch already processing; anything else (cancelled, done) has nothing to render.
  if (!current || current.state !== "processing") return [];
  const pending = await db
    .select({ index: batchRecords.recordIndex })
    .from(batchRecords)
    .where(and(eq(batchRecords.batchId, batchId), eq(batchRecords.status, "pending")))
    .orderBy(asc(batchRecords.recordIndex));
  return pending.map((p) => p.index);
}
