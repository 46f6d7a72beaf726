import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { gzipSync } from "fflate";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { explainTraces } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { archiveKey } from "./store";

/** Traces handled per sweep run: a backlog is worked off over several runs, each one short. */
const SWEEP_LIMIT = 500;
const DAY_MS = 86_400_000;

/**
 * Moves traces older than EXPLAIN_ARCHIVE_AFTER_DAYS to cold storage: gzip under explain/archive/,
 * the row pointed at it (reads gunzip), then the hot blob removed. Each step can be repeated: a run
 * that died after writing the archive finds the hot blob gone or still there and finishes the move.
 */
export async function archiveTraces(now = new Date()): Promise<{ archived: number }> {
  const db = await getDb();
  const before = new Date(now.getTime() - env().EXPLAIN_ARCHIVE_AFTER_DAYS * DAY_MS);
  const due = await db
    .select()
    .from(explainTraces)
    .where(and(isNull(explainTraces.archivedAt), lte(explainTraces.createdAt, before)))
    .orderBy(asc(explainTraces.createdAt))
    .limit(SWEEP_LIMIT);
  const blobs = getBlobStore();
  let archived = 0;
  for (const row of due) {
    const cold = archiveKey(row.id);
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
 * Deletes traces older than EXPLAIN_RETENTION_YEARS. The blob goes first: a run that dies in between
 * leaves a row whose read answers 404, and the next run deletes it.
 */
export async function deleteExpiredTraces(now = new Date()): Promise<{ deleted: number }> {
  const db = await getDb();
  const before = new Date(now);
  before.setUTCMonth(before.getUTCMonth() - Math.round(env().EXPLAIN_RETENTION_YEARS * 12));
  const due = await db.select().from(explainTraces).where(lte(explainTraces.createdAt, before)).orderBy(asc(explainTraces.createdAt)).limit(SWEEP_LIMIT);
  const blobs = getBlobStore();
  for (const row of due) {
    await blobs.delete(row.blobKey);
    await db.delete(explainTraces).where(and(eq(explainTraces.tenantId, row.tenantId), eq(explainTraces.id, row.id)));
  }
  return { deleted: due.length };
}
