import { and, desc, eq, gt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { batchRecords, batches } from "@/lib/db/schema";
import { env } from "@/lib/env";

const MIN_RECORDS = 5;
const MAX_RECORDS = 500;
const SAMPLE = 100;

/**
 * Records per chunk job, so that a chunk keeps the render threads busy for about BATCH_CHUNK_MS:
 * long enough that a chunk's own work (claim, transaction, counts, mail hand-off) is small beside
 * its rendering, short enough that the counts move about once a second and a crash re-renders
 * little. The time per record is read from the latest rendered records of the same template
 * version in the tenant (a resumed batch reads its own); until there are any, BATCH_CHUNK_RECORDS.
 */
export async function chunkSizeFor(batchId: string): Promise<number> {
  const { BATCH_CHUNK_MS, BATCH_CHUNK_RECORDS, RENDER_THREADS } = env();
  const msPerRecord = await recentRenderMs(batchId);
  if (!msPerRecord) return BATCH_CHUNK_RECORDS;
  const records = Math.round((BATCH_CHUNK_MS * Math.max(1, RENDER_THREADS)) / msPerRecord);
  return Math.min(MAX_RECORDS, Math.max(MIN_RECORDS, records));
}

async function recentRenderMs(batchId: string): Promise<number | null> {
  const db = await getDb();
  const [batch] = await db
    .select({ tenantId: batches.tenantId, templateVersion: batches.templateVersion })
    .from(batches)
    .where(eq(batches.id, batchId));
  if (!batch?.templateVersion) return null;
  const [latest] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.tenantId, batch.tenantId), eq(batches.templateVersion, batch.templateVersion), gt(batches.processedCount, 0)))
    .orderBy(desc(batches.startedAt))
    .limit(1);
  if (!latest) return null;
  const sample = db
    .select({ timings: batchRecords.timings })
    .from(batchRecords)
    .where(and(eq(batchRecords.batchId, latest.id), eq(batchRecords.tenantId, batch.tenantId), eq(batchRecords.status, "rendered")))
    .limit(SAMPLE)
    .as("sample");
  const [row] = await db.select({ ms: sql<string | null>`avg((${sample.timings}->>'totalMs')::float8)` }).from(sample);
  const ms = row?.ms === null || row?.ms === undefined ? NaN : Number(row.ms);
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}
