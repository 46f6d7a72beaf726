import { afterAll, beforeAll } from "vitest";
import { closeDb } from "@/lib/db/client";
import type { Tenant } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { addTenant } from "@/lib/tenants";
import { createTempDataDir, useFreshDatabase } from "./test-db";

/**
 * For a describe block of trace tests: a fresh database of `driver` holding the premium tenant acme,
 * and a fresh DATA_DIR for the blobs (with either driver), both removed after the block.
 */
export function useTraceStore(driver: "postgres" | "pglite"): { tenant: () => Tenant } {
  let cleanup: () => Promise<void> = async () => {};
  let tenant: Tenant;
  beforeAll(async () => {
    const blobs = createTempDataDir();
    process.env.DATA_DIR = blobs.dir;
    const drop = await useFreshDatabase(driver);
    cleanup = async () => {
      await drop();
      blobs.remove();
    };
    resetEnvCache();
    tenant = await addTenant({ id: "acme", name: "Acme", tier: "premium" });
  });
  afterAll(async () => {
    await closeDb();
    await cleanup();
    delete process.env.DATABASE_URL;
    resetEnvCache();
  });
  return { tenant: () => tenant };
}
