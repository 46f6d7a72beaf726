import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { batches } from "@/lib/db/schema";
import type { BatchState } from "@/lib/batch/states";

export const LIST_PAGE_SIZE = 25;

/**
 * The console's list: the tenant's batches, newest first, one page, with the counts per state for
 * the filters. Many batches share a title (the template's), so a row also reads the correlation id
 * and the intake counts that tell them apart. Only the columns a row shows are read (the API's summary reads whole rows, and a
 * batch row carries every record's validation messages).
 */
export async function listConsoleBatches(tenantId: string, q: { state?: BatchState; page: number }) {
  const db = await getDb();
  const tenant = eq(batches.tenantId, tenantId);
  const where: SQL | undefined = and(tenant, q.state ? eq(batches.state, q.state) : undefined);
  const [rows, perState] = await Promise.all([
    db
      .select({
        batchId: batches.id,
        title: batches.title,
        correlationId: batches.correlationId,
        state: batches.state,
        readiness: batches.readiness,
        submittedBy: batches.submittedBy,
        templatePath: batches.templatePath,
        documentCount: batches.documentCount,
        readyCount: batches.readyCount,
        invalidCount: batches.invalidCount,
        processedCount: batches.processedCount,
        errorCount: batches.errorCount,
        warningCount: batches.warningCount,
        createdAt: batches.createdAt,
      })
      .from(batches)
      .where(where)
      .orderBy(desc(batches.createdAt), desc(batches.id))
      .limit(LIST_PAGE_SIZE)
      .offset((q.page - 1) * LIST_PAGE_SIZE),
    db.select({ state: batches.state, n: count() }).from(batches).where(tenant).groupBy(batches.state),
  ]);
  const counts = Object.fromEntries(perState.map((r) => [r.state, Number(r.n)])) as Partial<Record<BatchState, number>>;
  const all = perState.reduce((sum, r) => sum + Number(r.n), 0);
  const total = q.state ? (counts[q.state] ?? 0) : all;
  return { rows, counts, all, total, page: q.page, pages: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)) };
}

export type ConsoleBatchRow = Awaited<ReturnType<typeof listConsoleBatches>>["rows"][number];
