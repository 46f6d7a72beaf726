import { afterAll, beforeAll } from "vitest";
import { closeDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { addTenant } from "@/lib/tenants";
import { createTempDataDir, createTestDatabase } from "./test-db";

/**
 * For a describe block that drives workflow domain code in this process: a data folder and a fresh
 * database of the driver (PostgreSQL or PGlite) of its own, documents laid out on the calling thread,
 * and the premium tenant `acme` licensed for workflows; all removed afterwards.
 */
export function useWorkflowDatabase(driver: "postgres" | "pglite"): void {
  const cleanups: Array<() => Promise<void> | void> = [];
  beforeAll(async () => {
    const data = createTempDataDir();
    cleanups.push(data.remove);
    process.env.DATA_DIR = data.dir;
    process.env.RENDER_THREADS = "0";
    if (driver === "postgres") {
      const database = await createTestDatabase();
      process.env.DATABASE_URL = database.url;
      cleanups.push(database.drop);
    } else delete process.env.DATABASE_URL;
    resetEnvCache();
    await closeDb();
    await addTenant({ id: "acme", name: "Acme", tier: "premium", features: ["workflow"], approvers: ["a@acme.test"] });
  });
  afterAll(async () => {
    await closeDb();
    for (const c of cleanups.reverse()) await c();
    delete process.env.DATABASE_URL;
    delete process.env.RENDER_THREADS;
    resetEnvCache();
  });
}
