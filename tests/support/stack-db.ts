import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { acquireDataDirLock } from "@/lib/db/pglite-lock";
import type { Stack } from "./stack";

/**
 * Rows of one query on a stack's database, read from outside the server, for counting what it
 * wrote. PGlite admits one process per data directory: there the server is stopped first (start it
 * again with stack.startServer() if the test goes on).
 */
export async function queryStackDb(stack: Stack, text: string): Promise<Record<string, unknown>[]> {
  if (stack.kind === "postgres") {
    const sql = postgres(stack.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      return [...(await sql.unsafe(text))];
    } finally {
      await sql.end();
    }
  }
  await stack.stopServer();
  const dataDir = stack.env.DATA_DIR!;
  const release = acquireDataDirLock(dataDir);
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    return (await db.query<Record<string, unknown>>(text)).rows;
  } finally {
    await db.close();
    release();
  }
}
