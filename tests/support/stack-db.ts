import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { closeDb } from "@/lib/db/client";
import { acquireDataDirLock } from "@/lib/db/pglite-lock";
import { resetEnvCache } from "@/lib/env";
import type { SealpostEvent } from "@/lib/jobs/events";
import { sendEvent } from "@/lib/jobs/send-event";
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

/**
 * Sends a job event into a PostgreSQL stack's database as the product's own code would: the server's
 * runner hears the commit (LISTEN) and runs the jobs listening to the event, such as a cron job's
 * sweep the test would otherwise wait for until its next slot.
 */
export async function sendStackEvent(stack: Stack, event: SealpostEvent): Promise<void> {
  if (stack.kind !== "postgres") throw new Error("sendStackEvent: a PostgreSQL stack only (PGlite admits one process)");
  const own = process.env.DATABASE_URL;
  process.env.DATABASE_URL = stack.env.DATABASE_URL;
  resetEnvCache();
  try {
    await sendEvent(undefined, event);
  } finally {
    await closeDb();
    if (own === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = own;
    resetEnvCache();
  }
}
