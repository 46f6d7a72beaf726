import { getTableColumns, getTableName, sql, type Column } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Tx } from "./client";

/**
 * Inserts any number of rows in one statement whose rows travel as one JSON parameter, unpacked by
 * jsonb_to_recordset, instead of a multi-row VALUES list. Why: drizzle builds, and postgres.js binds,
 * every value of every row as a parameter of its own — in a batch chunk more of the event loop's time
 * per row than the database spends on the row — and the
 * statement's text changes with the row count, so it is parsed again for every new count. Here the
 * text depends only on the columns, there is no 65,535-parameter limit to chunk around, and a
 * Date goes as its ISO string, a jsonb column's value as nested JSON.
 *
 * Every row names the same columns (as drizzle's insert models); a column no row names gets its
 * database default, a column a row leaves undefined gets NULL in that row.
 */
export async function insertMany<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T["$inferInsert"][],
  opts: { onConflictDoNothing?: boolean; returning?: Column } = {},
): Promise<unknown[]> {
  if (!rows.length) return [];
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => {
    if (!columns[k]) throw new Error(`insertMany: ${getTableName(table)} has no column ${k}`);
    return true;
  });
  const names = keys.map((k) => columns[k].name);
  const payload = rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) out[names[i]] = (r as Record<string, unknown>)[keys[i]] ?? null;
    return out;
  });
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  const types = sql.join(
    keys.map((k) => sql`${sql.identifier(columns[k].name)} ${sql.raw(columns[k].getSQLType())}`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    insert into ${table} (${list})
    select ${list} from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as v(${types})
    ${opts.onConflictDoNothing ? sql`on conflict do nothing` : sql``}
    ${opts.returning ? sql`returning ${sql.identifier(opts.returning.name)}` : sql``}`);
  return opts.returning ? rowsOf(result).map((row) => row[opts.returning!.name]) : [];
}
