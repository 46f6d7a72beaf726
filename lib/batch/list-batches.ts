import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { batches } from "@/lib/db/schema";
import { batchSummary } from "./present-batch";
import type { BatchState } from "./states";

export async function listBatches(tenantId: string, q: { state?: BatchState; limit: number; offset: number }) {
  const db = await getDb();
  const where: SQL | undefined = and(eq(batches.tenantId, tenantId), q.state ? eq(batches.state, q.state) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(batches).where(where);
  const rows = await db
    .select()
    .from(batches)
    .where(where)
    .orderBy(desc(batches.createdAt), desc(batches.id))
    .limit(q.limit)
    .offset(q.offset);
  return { total, limit: q.limit, offset: q.offset, batches: rows.map(batchSummary) };
}
