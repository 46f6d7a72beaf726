import fs from "node:fs";
import path from "node:path";
import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { inngest } from "@/lib/jobs/inngest-client";
import { toInngestFunction } from "@/inngest/inngest-function";
import { storeTraceJob } from "@/lib/jobs/definitions/explain";
import { startRunner } from "@/lib/jobs/runner";
import { sendEvent } from "@/lib/jobs/send-event";
import { closeDb, getDb } from "@/lib/db/client";
import { explainTraces, jobs } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import type { TraceInput } from "@/lib/explain/assemble-trace";
import type { SealpostEvent } from "@/lib/jobs/events";
import { recordTrace, settleTraceWrites } from "@/lib/explain/store";
import { addTenant } from "@/lib/tenants";
import { startPgCluster } from "../support/pg-cluster";
import { freePort } from "../support/free-port";
import { useTraceStore } from "../support/explain-db";
import { createTempDataDir, createTestDatabase } from "../support/test-db";
import { tenantFolder } from "@/lib/blob/keys";

const input = (correlationId: string): TraceInput => ({
  correlationId,
  tenantId: "acme",
  kind: "single",
  requestedBy: "features.explainDocument",
  template: { path: "t.md", version: "v", title: "T" },
  createdAt: new Date("2026-05-04T10:00:00.000Z"),
});

/** What is stored for one correlation id: its rows, and the trace blobs on disk (with any half-written temporary file). */
async function stored(correlationId: string) {
  const rows = await (await getDb()).select().from(explainTraces).where(eq(explainTraces.correlationId, correlationId));
  const dir = path.join(process.env.DATA_DIR!, "blobs", tenantFolder("acme"), "explain", "traces");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => rows.some((r) => f.startsWith(r.id))) : [];
  return { rows, files };
}

/** The store-trace jobs carrying one correlation id's trace. */
const storeJobs = async (correlationId: string) =>
  (await (await getDb()).select().from(jobs).where(eq(jobs.functionId, storeTraceJob.id))).filter(
    (j) => (j.payload as { correlationId: string }).correlationId === correlationId,
  );

/** The blob store's folder for traces made a file: every trace write fails until the returned function undoes it. */
function takeTraceStoreAway(): () => void {
  const dir = path.join(process.env.DATA_DIR!, "blobs", tenantFolder("acme"), "explain");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.writeFileSync(dir, "not a folder");
  return () => fs.rmSync(dir);
}

describe.each(["pglite", "postgres"] as const)("storing traces on %s", (driver) => {
  useTraceStore(driver);
  afterEach(() => {
    vi.restoreAllMocks();
    delete process.env.INNGEST_DEV;
    resetEnvCache();
  });

  it("stores blob and row on the first try and leaves the job runner out of it", async () => {
    recordTrace(input("first-try"));
    await settleTraceWrites();
    const { rows, files } = await stored("first-try");
    expect(rows).toHaveLength(1);
    expect(files).toEqual([`${rows[0].id}.json`]);
    expect(await storeJobs("first-try")).toEqual([]);
  });

  it("hands a trace the blob store refused to the job runner, which stores it once however often it runs", async () => {
    const bringBack = takeTraceStoreAway();
    recordTrace(input("handed-off"));
    await settleTraceWrites(); // handed off: the process holds nothing any more
    expect((await stored("handed-off")).rows).toEqual([]);
    const [job] = await storeJobs("handed-off");
    const payload = job.payload as Extract<SealpostEvent, { name: "explain/trace.store" }>["data"];
    expect(payload).toMatchObject({ correlationId: "handed-off", gzipBase64: expect.any(String) });
    expect(job.dedupeKey).toBe(`${storeTraceJob.id}:${payload.id}`);
    // A hand-off repeated (its acknowledgement lost) starts no second job.
    await sendEvent(undefined, { name: "explain/trace.store", data: payload, id: payload.id });
    expect(await storeJobs("handed-off")).toHaveLength(1);

    // The runner tries while the store is away, and stores it when it is back.
    const runner = await startRunner({ concurrency: 1, pollMs: 20, retryBaseMs: 100, retryMaxMs: 200, definitions: [storeTraceJob] });
    try {
      await vi.waitFor(async () => expect((await storeJobs("handed-off"))[0].attempts).toBeGreaterThanOrEqual(2), {
        timeout: 10_000,
        interval: 50,
      });
      expect((await storeJobs("handed-off"))[0].lastError).toContain("ENOTDIR");
      bringBack();
      await vi.waitFor(async () => expect((await storeJobs("handed-off"))[0].status).toBe("done"), { timeout: 10_000, interval: 50 });
    } finally {
      await runner.stop();
    }
    // Run again (a doubled delivery, or a retry after the row was written): still one trace.
    await storeTraceJob.handler({
      payload: storeTraceJob.payload.parse(payload),
      step: undefined as never,
      attempt: 0,
      event: { name: "explain/trace.store" },
    });
    const { rows, files } = await stored("handed-off");
    expect(rows.map((r) => r.id)).toEqual([payload.id]);
    expect(files).toEqual([`${payload.id}.json`]);
    const trace = JSON.parse(fs.readFileSync(path.join(process.env.DATA_DIR!, "blobs", rows[0].blobKey), "utf8"));
    expect(trace).toMatchObject({ correlationId: "handed-off", createdAt: "2026-05-04T10:00:00.000Z" });
    expect(rows[0]).toMatchObject({
      createdAt: new Date("2026-05-04T10:00:00.000Z"),
      archiveAfter: new Date("2026-06-03T10:00:00.000Z"),
      deleteAfter: new Date("2028-05-04T10:00:00.000Z"),
    });
  });

  it("under Inngest, sends the trace as an event whose function stores it once however often it runs", async () => {
    process.env.INNGEST_DEV = "1";
    resetEnvCache();
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: ["e1"] });
    const bringBack = takeTraceStoreAway();
    recordTrace(input("via-inngest"));
    await settleTraceWrites();
    expect(send).toHaveBeenCalledTimes(1);
    const [event] = send.mock.calls[0][0] as Array<{ name: string; id: string; data: Record<string, unknown> }>;
    expect(event).toMatchObject({
      name: "explain/trace.store",
      id: `explain/trace.store:${event.data.id}`,
      data: { correlationId: "via-inngest" },
    });
    expect(await storeJobs("via-inngest")).toEqual([]); // Inngest holds it, not the jobs table
    bringBack();
    // A fresh engine per run (DESIGN §8): Inngest delivering the event twice stores one trace.
    for (let i = 0; i < 2; i++) {
      const { error } = await new InngestTestEngine({ function: toInngestFunction(storeTraceJob), events: [event] }).execute();
      expect(error).toBeUndefined();
    }
    const { rows, files } = await stored("via-inngest");
    expect(rows.map((r) => r.id)).toEqual([event.data.id]);
    expect(files).toEqual([`${event.data.id}.json`]);
  });
});

describe("storing a trace while PostgreSQL is down", () => {
  let cluster: Awaited<ReturnType<typeof startPgCluster>>;
  let blobs: ReturnType<typeof createTempDataDir>;

  beforeAll(async () => {
    cluster = await startPgCluster(await freePort());
    const database = await createTestDatabase(cluster.adminUrl);
    blobs = createTempDataDir();
    process.env.DATA_DIR = blobs.dir;
    process.env.DATABASE_URL = database.url;
    resetEnvCache();
    await addTenant({ id: "acme", name: "Acme", tier: "premium" });
  }, 120_000);
  afterAll(async () => {
    await closeDb();
    await cluster?.stop();
    blobs?.remove();
    delete process.env.DATABASE_URL;
    resetEnvCache();
  });

  it("keeps trying in process while neither the database nor the job runner in it answers, and stores it once when the server is back", async () => {
    await cluster.pause();
    const errors = vi.spyOn(console, "error");
    recordTrace(input("pg-down"));
    const settled = settleTraceWrites();
    await new Promise((r) => setTimeout(r, 3_000)); // two rounds fail: store, then hand-off
    await cluster.resume();
    await settled;
    const { rows, files } = await stored("pg-down");
    expect(rows).toHaveLength(1);
    expect(files).toEqual([`${rows[0].id}.json`]);
    expect(errors.mock.calls.flat().join(" ")).not.toContain("pg-down is lost");
    expect(await storeJobs("pg-down")).toEqual([]);
  }, 60_000);
});
