import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { env, type Env } from "@/lib/env";
import * as schema from "./schema";
import { acquireDataDirLock } from "./pglite-lock";
import { preparingStatements } from "./prepared-statements";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle or the database itself: domain functions accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

/** Rows of a raw `db.execute`: postgres.js returns them as the array itself, PGlite under `rows`. */
export const rowsOf = (r: unknown): Record<string, unknown>[] => (Array.isArray(r) ? r : (r as { rows: Record<string, unknown>[] }).rows);

interface DbHandle {
  db: Db;
  driver: "postgres" | "pglite";
  close: () => Promise<void>;
}

// One instance per process, kept on globalThis so that Next's hot reload does not open a second PGlite.
const holder = globalThis as unknown as { __sealpostDb?: Promise<DbHandle> };

const MIGRATIONS = path.join(process.cwd(), "drizzle");
const MIGRATION_LOCK = 7_402_118; // any constant; serialises migrations across API and worker processes

/**
 * Deployment settings a migration reads with current_setting() on its session: 0006 backfills the
 * archive and delete moments of existing explain traces from them.
 */
const migrationSettings = (e: Env) => [e.EXPLAIN_ARCHIVE_AFTER_DAYS, Math.round(e.EXPLAIN_RETENTION_YEARS * 12)].map(String);
const SET_MIGRATION_SETTINGS =
  "select set_config('sealpost.explain_archive_after_days', $1, false), set_config('sealpost.explain_retention_months', $2, false)";

async function open(): Promise<DbHandle> {
  const e = env();
  if (e.DATABASE_URL) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // Migrations run on a connection of their own, holding an advisory lock for their whole run.
    const migrator = postgres(e.DATABASE_URL, { max: 1, onnotice: () => {} });
    try {
      await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
      await migrator.unsafe(SET_MIGRATION_SETTINGS, migrationSettings(e));
      await migrate(drizzle(migrator), { migrationsFolder: MIGRATIONS });
    } finally {
      await migrator.end({ timeout: 5 });
    }
    // Every statement has a deadline on the server, and a connection attempt one on the client, so no
    // caller waits for ever on a database that went away; postgres.js reconnects on the next query.
    const client = postgres(e.DATABASE_URL, {
      max: 10,
      onnotice: () => {},
      connect_timeout: 10,
      connection: {
        statement_timeout: e.DB_STATEMENT_TIMEOUT_MS,
        idle_in_transaction_session_timeout: 2 * e.DB_STATEMENT_TIMEOUT_MS,
      },
    });
    const db = drizzle(preparingStatements(client), { schema });
    return { db: db as unknown as Db, driver: "postgres", close: () => client.end({ timeout: 5 }) };
  }
  const dir = path.resolve(e.DATA_DIR, "pglite");
  const release = acquireDataDirLock(path.resolve(e.DATA_DIR));
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let client: InstanceType<typeof PGlite>;
  let db;
  try {
    client = await PGlite.create(dir);
    db = drizzle(client, { schema });
    await client.query(SET_MIGRATION_SETTINGS, migrationSettings(e));
    await migrate(db, { migrationsFolder: MIGRATIONS });
  } catch (err) {
    release();
    throw err;
  }
  return {
    db: db as unknown as Db,
    driver: "pglite",
    close: async () => {
      await client.close();
      release();
    },
  };
}

export function dbHandle(): Promise<DbHandle> {
  holder.__sealpostDb ??= open().catch((err) => {
    holder.__sealpostDb = undefined;
    throw err;
  });
  return holder.__sealpostDb;
}

export async function getDb(): Promise<Db> {
  return (await dbHandle()).db;
}

export async function closeDb(): Promise<void> {
  const h = holder.__sealpostDb;
  holder.__sealpostDb = undefined;
  if (h) await (await h).close();
}
