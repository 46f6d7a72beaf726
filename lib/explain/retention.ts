import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { gzipSync } from "fflate";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { explainReports, explainTraces } from "@/lib/db/schema";
import { archiveKey } from "./store";

/** Traces handled per sweep run: a backlog is worked off over several runs, each one short. */
const SWEEP_LIMIT = 500;

/**
 * Moves traces whose archive moment has come (archive_after, decided when each was written) to cold
 * storage: gzip under explain/archive/, the row pointed at it (reads gunzip), then the hot blob
 * removed. Each step can be repeated: a run that died after writing the archive finds the hot blob
 * gone or still there and finishes the move.
 */
export async function archiveTraces(now = new Date()): Promise<{ archived: number }> {
  const db = await getDb();
  const due = await db
    .select()
    .from(explainTraces)
    .where(and(isNull(explainTraces.archivedAt), lte(explainTraces.archiveAfter, now)))
    .orderBy(asc(explainTraces.archiveAfter))
    .limit(SWEEP_LIMIT);
  const blobs = getBlobStore();
  let archived = 0;
  for (const row of due) {
    const cold = archiveKey(row.tenantId, row.id);
    const hot = await blobs.get(row.blobKey);
    if (hot) await blobs.put(cold, gzipSync(hot), "application/gzip");
    else if (!(await blobs.exists(cold))) continue; // neither copy: nothing to move (the reader answers 404)
    await db
      .update(explainTraces)
      .set({ blobKey: cold, archivedAt: now })
      .where(and(eq(explainTraces.tenantId, row.tenantId), eq(explainTraces.id, row.id)));
    await blobs.delete(row.blobKey);
    archived++;
  }
  return { archived };
}

/**
 * Deletes traces whose delete moment (delete_after) has come. The blob goes first: a run that dies
 * in between leaves a row whose read answers 404, and the next run deletes it.
 */
export async function deleteExpiredTraces(now = new Date()): Promise<{ deleted: number }> {
  const db = await getDb();
  const due = await db
    .select()
    .from(explainTraces)
    .where(lte(explainTraces.deleteAfter, now))
    .orderBy(asc(explainTraces.deleteAfter))
    .limit(SWEEP_LIMIT);
  const blobs = getBlobStore();
  for (const row of due) {
    // Its cached reports first (their rows go with the trace's, by cascade): nothing of it is left.
    const reports = await db.select({ blobKey: explainReports.blobKey }).from(explainReports).where(eq(explainReports.traceId, row.id));
    for (const r of reports) await blobs.delete(r.blobKey);
    await blobs.delete(row.blobKey);
    await db.delete(explainTraces).where(and(eq(explainTraces.tenantId, row.tenantId), eq(explainTraces.id, row.id)));
  }
  return { deleted: due.length };
}
