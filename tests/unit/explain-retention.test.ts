import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/lib/auth/bearer";
import { getBlobStore } from "@/lib/blob/store";
import { closeDb, getDb } from "@/lib/db/client";
import { explainTraces, type Tenant } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { getTrace } from "@/lib/explain/get-trace";
import { archiveTraces, deleteExpiredTraces } from "@/lib/explain/retention";
import { recordTrace, settleTraceWrites } from "@/lib/explain/store";
import { addTenant } from "@/lib/tenants";
import { createTempDataDir, useFreshDatabase } from "../support/test-db";

const DAY = 86_400_000;

describe.each(["pglite", "postgres"] as const)("trace retention on %s", (driver) => {
  let cleanup: () => Promise<void> = async () => {};
  let principal: Principal;

  beforeAll(async () => {
    // Blobs go to DATA_DIR with either driver: a fresh one each, removed afterwards.
    const blobs = createTempDataDir();
    process.env.DATA_DIR = blobs.dir;
    const drop = await useFreshDatabase(driver);
    cleanup = async () => {
      await drop();
      blobs.remove();
    };
    resetEnvCache();
    const tenant: Tenant = await addTenant({ id: "acme", name: "Acme", tier: "premium" });
    principal = { tenant, subject: "s", email: null, roles: [], claims: {} };
  });
  afterAll(async () => {
    await closeDb();
    await cleanup();
    delete process.env.DATABASE_URL;
    resetEnvCache();
  });

  const traceAt = (correlationId: string, createdAt: Date) =>
    recordTrace({ correlationId, tenantId: "acme", kind: "single", requestedBy: "features.explainDocument", template: { path: "t.md", version: "v", title: "T" }, createdAt });
  const read = async (id: string) => JSON.parse(Buffer.from(await getTrace(principal, id)).toString("utf8"));

  it("archives after 30 days into compressed cold storage that still reads, and deletes after 2 years", async () => {
    const t0 = new Date("2026-01-10T12:00:00.000Z");
    traceAt("old", t0);
    traceAt("young", new Date(t0.getTime() + 10 * DAY));
    await settleTraceWrites();
    const before = await read("old");
    expect(before).toMatchObject({ correlationId: "old", createdAt: t0.toISOString() });

    // The clock is the argument: 29 days on nothing moves, 30 days on the old trace does.
    expect(await archiveTraces(new Date(t0.getTime() + 29 * DAY))).toEqual({ archived: 0 });
    expect(await archiveTraces(new Date(t0.getTime() + 30 * DAY))).toEqual({ archived: 1 });
    expect(await archiveTraces(new Date(t0.getTime() + 30 * DAY))).toEqual({ archived: 0 }); // done once
    const db = await getDb();
    const rows = Object.fromEntries((await db.select().from(explainTraces)).map((r) => [r.correlationId, r]));
    expect(rows.old.blobKey).toBe(`explain/archive/${rows.old.id}.json.gz`);
    expect(rows.old.archivedAt?.toISOString()).toBe(new Date(t0.getTime() + 30 * DAY).toISOString());
    expect(await getBlobStore().exists(`explain/traces/${rows.old.id}.json`)).toBe(false);
    const gz = (await getBlobStore().get(rows.old.blobKey))!;
    expect([gz[0], gz[1]]).toEqual([0x1f, 0x8b]); // gzip
    expect(await read("old")).toEqual(before);
    expect(rows.young.archivedAt).toBeNull();

    const twoYears = new Date(t0);
    twoYears.setUTCFullYear(t0.getUTCFullYear() + 2);
    expect(await deleteExpiredTraces(new Date(twoYears.getTime() - DAY))).toEqual({ deleted: 0 });
    expect(await deleteExpiredTraces(twoYears)).toEqual({ deleted: 1 });
    await expect(getTrace(principal, "old")).rejects.toMatchObject({ code: "explain.trace_not_found" });
    expect(await getBlobStore().exists(rows.old.blobKey)).toBe(false);
    expect((await read("young")).correlationId).toBe("young");
  });
});
