import { and, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb } from "./client";
import { isUniqueViolation } from "./errors";

/** A table whose rows a caller creates under a correlationId of its own, unique per tenant. */
type KeyedTable = PgTable & { tenantId: AnyPgColumn; correlationId: AnyPgColumn };

export interface CreateKey {
  tenantId: string;
  correlationId: string;
}

/** The row of `table` created under `key`, if there is one. */
export async function findByCorrelationId<T extends KeyedTable>(table: T, key: CreateKey): Promise<T["$inferSelect"] | undefined> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.tenantId, key.tenantId), eq(table.correlationId, key.correlationId)));
  return rows[0] as T["$inferSelect"] | undefined;
}

/**
 * A create made idempotent by the caller's correlationId (batches, workflows): when a row of `table`
 * already has the key, `replay` answers from it and `create` does not run, whatever the new request
 * says. Two repeats racing past that look both try to write; the table's unique index on (tenant,
 * correlationId) refuses all but one, and each refused one answers as a replay of the row that won.
 */
export async function createOnce<T extends KeyedTable, R>(
  table: T,
  key: CreateKey,
  create: () => Promise<R>,
  replay: (earlier: T["$inferSelect"]) => R | Promise<R>,
): Promise<R> {
  const earlier = await findByCorrelationId(table, key);
  if (earlier) return replay(earlier);
  try {
    return await create();
  } catch (err) {
    const winner = isUniqueViolation(err) ? await findByCorrelationId(table, key) : undefined;
    if (winner) return replay(winner);
    throw err;
  }
}
