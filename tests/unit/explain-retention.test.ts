import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Principal } from "@/lib/auth/bearer";
import { getBlobStore } from "@/lib/blob/store";
import { closeDb, getDb } from "@/lib/db/client";
import { explainTraces } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import type { TraceInput } from "@/lib/explain/assemble-trace";
import { getTrace } from "@/lib/explain/get-trace";
import { archiveTraces, deleteExpiredTraces } from "@/lib/explain/retention";
import { recordTrace, settleTraceWrites } from "@/lib/explain/store";
import { newId } from "@/lib/ids";
import { useTraceStore } from "../support/explain-db";
import { createTempDataDir, seedOlderRelease, useFreshDatabase } from "../support/test-db";
import { tenantFolder } from "@/lib/blob/keys";

const DAY = 86_400_000;

describe.each(["pglite", "postgres"] as const)("trace retention on %s", (driver) => {
  const store = useTraceStore(driver);
  const principal = (): Principal => ({ tenant: store.tenant(), subject: "s", email: null, roles: [], claims: {} });

  const base = (correlationId: string, createdAt: Date): TraceInput => ({
    correlationId,
    tenantId: "acme",
    kind: "single",
    requestedBy: "features.explainDocument",
    template: { path: "t.md", version: "v", title: "T" },
    createdAt,
  });
  const traceAt = (correlationId: string, createdAt: Date) => recordTrace(base(correlationId, createdAt));
  const read = async (id: string) => JSON.parse(Buffer.from(await getTrace(principal(), id)).toString("utf8"));

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
    expect(rows.old.blobKey).toBe(`${tenantFolder("acme")}/explain/archive/${rows.old.id}.json.gz`);
    expect(rows.old.archivedAt?.toISOString()).toBe(new Date(t0.getTime() + 30 * DAY).toISOString());
    expect(await getBlobStore().exists(`${tenantFolder("acme")}/explain/traces/${rows.old.id}.json`)).toBe(false);
    const gz = (await getBlobStore().get(rows.old.blobKey))!;
    expect([gz[0], gz[1]]).toEqual([0x1f, 0x8b]); // gzip
    expect(await read("old")).toEqual(before);
    expect(rows.young.archivedAt).toBeNull();

    const twoYears = new Date(t0);
    twoYears.setUTCFullYear(t0.getUTCFullYear() + 2);
    expect(await deleteExpiredTraces(new Date(twoYears.getTime() - DAY))).toEqual({ deleted: 0 });
    expect(await deleteExpiredTraces(twoYears)).toEqual({ deleted: 1 });
    await expect(getTrace(principal(), "old")).rejects.toMatchObject({ code: "explain.trace_not_found" });
    expect(await getBlobStore().exists(rows.old.blobKey)).toBe(false);
    expect((await read("young")).correlationId).toBe("young");
  });

  it("archives and deletes each trace at the moments its own settings gave when it was written", async () => {
    const t1 = new Date("2025-03-01T08:00:00.000Z");
    recordTrace({ ...base("short-lived", t1), retention: { autoArchiveAfterDays: 7, traceRetentionYears: 1 } });
    recordTrace(base("by-default", t1));
    await settleTraceWrites();
    const row = async (id: string) => (await (await getDb()).select().from(explainTraces).where(eq(explainTraces.correlationId, id)))[0];
    expect(await row("short-lived")).toMatchObject({
      archiveAfter: new Date("2025-03-08T08:00:00.000Z"),
      deleteAfter: new Date("2026-03-01T08:00:00.000Z"),
    });
    expect(await row("by-default")).toMatchObject({
      archiveAfter: new Date("2025-03-31T08:00:00.000Z"),
      deleteAfter: new Date("2027-03-01T08:00:00.000Z"),
    });
    expect((await read("short-lived")).retention).toEqual({
      autoArchiveAfterDays: 7,
      traceRetentionYears: 1,
      archiveAfter: "2025-03-08T08:00:00.000Z",
      deleteAfter: "2026-03-01T08:00:00.000Z",
    });
    expect((await read("by-default")).retention).toMatchObject({ autoArchiveAfterDays: 30, traceRetentionYears: 2 });

    expect(await archiveTraces(new Date(t1.getTime() + 7 * DAY - 1))).toEqual({ archived: 0 });
    expect(await archiveTraces(new Date(t1.getTime() + 7 * DAY))).toEqual({ archived: 1 });
    expect((await row("short-lived")).archivedAt).not.toBeNull();
    expect((await row("by-default")).archivedAt).toBeNull();
    expect(await deleteExpiredTraces(new Date("2026-03-01T07:59:59.999Z"))).toEqual({ deleted: 0 });
    expect(await deleteExpiredTraces(new Date("2026-03-01T08:00:00.000Z"))).toEqual({ deleted: 1 });
    expect(await row("short-lived")).toBeUndefined();
    expect((await read("by-default")).correlationId).toBe("by-default");
  });
});

describe.each(["pglite", "postgres"] as const)("migration 0006 on %s", (driver) => {
  afterAll(async () => {
    await closeDb();
    delete process.env.DATABASE_URL;
    delete process.env.EXPLAIN_ARCHIVE_AFTER_DAYS;
    delete process.env.EXPLAIN_RETENTION_YEARS;
    resetEnvCache();
  });

  it("dates the traces already stored from their created_at and the deployment's settings", async () => {
    const data = createTempDataDir();
    process.env.DATA_DIR = data.dir;
    const drop = await useFreshDatabase(driver);
    const insert = `insert into tenants (id, name, tier) values ('acme', 'Acme', 'premium');
      insert into explain_traces (id, tenant_id, correlation_id, render_kind, blob_key, byte_size, created_at)
      values ('${newId()}', 'acme', 'before-0006', 'single', 'explain/traces/x.json', 10, '2026-01-31T10:00:00Z')`;
    try {
      await seedOlderRelease(driver, 5, insert);
      process.env.EXPLAIN_ARCHIVE_AFTER_DAYS = "10";
      process.env.EXPLAIN_RETENTION_YEARS = "1.5";
      resetEnvCache();
      const [row] = await (await getDb()).select().from(explainTraces);
      expect(row).toMatchObject({
        correlationId: "before-0006",
        archiveAfter: new Date("2026-02-10T10:00:00.000Z"),
        deleteAfter: new Date("2027-07-31T10:00:00.000Z"),
      });
    } finally {
      await closeDb();
      await drop();
      data.remove();
    }
  });
});
