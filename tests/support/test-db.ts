import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

/** The PostgreSQL server tests use: the machine's (trust auth on loopback) unless TEST_PG_URL says otherwise. */
export const adminUrl = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * A fresh database of its own for one test file, empty or a copy of `template` (a database on the same
 * server that nobody is connected to); drop() removes it.
 */
export async function createTestDatabase(server = adminUrl, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sealpost_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.unsafe(`create database ${name}${template ? ` template ${postgresIdentifier(template)}` : ""}`);
        break;
      } catch (err) {
        // Another file copying the same template at this instant holds it for its copy (55006): a short wait ends that.
        if ((err as { code?: string }).code !== "55006" || attempt === 20) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = postgres(server, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

const postgresIdentifier = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  return name;
};

/** A fresh DATA_DIR for PGlite; remove() deletes it. */
export function createTempDataDir(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sealpost-data-"));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Points this process at a fresh database of `driver` (its own PostgreSQL database, or a PGlite
 * DATA_DIR); call resetEnvCache and closeDb after. The returned function removes it.
 */
export async function useFreshDatabase(driver: "postgres" | "pglite"): Promise<() => Promise<void>> {
  if (driver === "postgres") {
    const database = await createTestDatabase();
    process.env.DATABASE_URL = database.url;
    return database.drop;
  }
  const data = createTempDataDir();
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = data.dir;
  return async () => data.remove();
}

/** The migrations folder cut after `last` (its journal too), to make a database as an older release left it. */
function migrationsUpTo(last: number): { dir: string; remove: () => void } {
  const tmp = createTempDataDir();
  fs.cpSync(path.resolve("drizzle"), tmp.dir, { recursive: true });
  const journalFile = path.join(tmp.dir, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= last);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return tmp;
}

/**
 * Migrates this process's fresh database (useFreshDatabase) only up to migration `last` and runs
 * `sql` there: the rows an older release left. The next getDb() runs the migrations after it.
 */
export async function seedOlderRelease(driver: "postgres" | "pglite", last: number, sql: string): Promise<void> {
  const old = migrationsUpTo(last);
  try {
    if (driver === "postgres") {
      // Imported here, as PGlite below: drizzle's driver is slow to import, and every stack's test file
      // imports this module for createTestDatabase alone.
      const [{ drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
        import("drizzle-orm/postgres-js"),
        import("drizzle-orm/postgres-js/migrator"),
      ]);
      const client = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      await migratePostgres(drizzlePostgres(client), { migrationsFolder: old.dir });
      await client.unsafe(sql);
      await client.end();
    } else {
      const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
        import("@electric-sql/pglite"),
        import("drizzle-orm/pglite"),
        import("drizzle-orm/pglite/migrator"),
      ]);
      const client = await PGlite.create(path.join(process.env.DATA_DIR!, "pglite"));
      await migratePglite(drizzlePglite(client), { migrationsFolder: old.dir });
      await client.exec(sql);
      await client.close();
    }
  } finally {
    old.remove();
  }
}
