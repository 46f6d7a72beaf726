import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toInngestFunction } from "@/inngest/inngest-function";
import { finalizeBatchJob, renderChunkJob, resumeStalledJob, startBatchJob } from "@/lib/jobs/definitions/dispatch";
import { closeDb, getDb } from "@/lib/db/client";
import { auditEvents, batchRecords, batches, jobs } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { newId } from "@/lib/ids";
import { addTenant } from "@/lib/tenants/write";
import { engineFor, oneRequest, timerEvent } from "../support/inngest-run";
import { useFreshDatabase } from "../support/test-db";
import { plainBatchJson } from "../support/batch-json";

// The batch jobs as Inngest runs them, over a real (embedded) database; step.sendEvent is mocked
// (DESIGN §8), so the events a run sends are read from the mock's calls.
let drop: () => Promise<void>;
beforeAll(async () => {
  drop = await useFreshDatabase("pglite");
  delete process.env.BATCH_CHUNK_RECORDS; // the default, 50, since these batches have no render history
  resetEnvCache();
  await addTenant({ id: "acme", name: "Acme", tier: "premium", features: ["batchDispatch"], approvers: [] });
});
afterAll(async () => {
  await closeDb();
  await drop();
});

/** A batch of `records` records in `state`, the first `done` of them rendered. */
async function batch(records: number, state = "queued", done = 0, updatedAt = new Date()) {
  const db = await getDb();
  const id = newId();
  await db.insert(batches).values({
    id,
    tenantId: "acme",
    correlationId: id,
    state,
    readiness: "ready",
    title: "t",
    templatePath: "notice.md",
    documentCount: records,
    readyCount: records,
    warningCount: 0,
    processedCount: done,
    submittedBy: "s@x.test",
    approvers: [],
    ...plainBatchJson,
    activityItemId: newId(),
    updatedAt,
  });
  for (let i = 0; i < records; i += 500) {
    await db.insert(batchRecords).values(
      Array.from({ length: Math.min(500, records - i) }, (_, k) => ({
        batchId: id,
        recordIndex: i + k,
        tenantId: "acme",
        data: {},
        correlationId: newId(),
        fileName: `f${i + k}.pdf`,
        ...(i + k < done ? { status: "rendered" as const } : {}),
      })),
    );
  }
  return id;
}

const approved = (batchId: string) => ({ name: "dispatch/batch.approved", data: { batchId, tenantId: "acme" }, id: batchId });
const fanOutMock = { id: "fan-out", handler: () => ({ ids: [] }) };
type Sent = Array<{ name: string; data: { batchId: string; from: number; count: number }; id: string }>;
const sentBy = (sendEvent: { mock: { calls: unknown[][] } }): Sent => sendEvent.mock.calls.flatMap((c) => c[1] as Sent);
const audit = async (batchId: string, action: string) =>
  (
    await (
      await getDb()
    )
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, batchId), eq(auditEvents.action, action)))
  ).length;

describe("dispatch-start-batch on Inngest: the chunked fan-out", () => {
  const ranges = (list: Sent) => list.map((e) => [e.data.from, e.data.count]);

  it.each([
    [0, []],
    [1, [[0, 1]]],
    // A first run's last chunk's worth goes in quarters (TAIL_SPLIT): 50 → 13, 13, 13, 11.
    [
      50,
      [
        [0, 13],
        [13, 13],
        [26, 13],
        [39, 11],
      ],
    ],
    [
      51,
      [
        [0, 1],
        [1, 13],
        [14, 13],
        [27, 13],
        [40, 11],
      ],
    ],
  ])("%i records: picks the batch up, then one render event per chunk of the default 50", async (records, want) => {
    const id = await batch(records);
    const { result, ctx } = await engineFor(startBatchJob, approved(id)).execute({ steps: [fanOutMock] });
    expect(result).toEqual({ records, chunks: want.length, chunkSize: 50 });
    expect(ranges(sentBy(ctx.step.sendEvent))).toEqual(want);
    // Nothing to render sends nothing: an empty send would fail on Inngest.
    expect(ctx.step.sendEvent).toHaveBeenCalledTimes(want.length ? 1 : 0);
    const [row] = await (await getDb()).select().from(batches).where(eq(batches.id, id));
    expect(row.state).toBe("processing");
  });

  it("2,000 records: 39 chunks of 50, then the last 50 in quarters; every record in exactly one chunk, each event with its own id", async () => {
    const id = await batch(2000);
    const { result, ctx } = await engineFor(startBatchJob, approved(id)).execute({ steps: [fanOutMock] });
    const sent = sentBy(ctx.step.sendEvent);
    expect(result).toEqual({ records: 2000, chunks: 43, chunkSize: 50 });
    expect(ranges(sent.slice(0, 39))).toEqual(Array.from({ length: 39 }, (_, i) => [i * 50, 50]));
    expect(ranges(sent.slice(39))).toEqual([
      [1950, 13],
      [1963, 13],
      [1976, 13],
      [1989, 11],
    ]);
    const covered = sent.flatMap((e) => Array.from({ length: e.data.count }, (_, k) => e.data.from + k));
    expect(covered).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    expect(sent.every((e) => e.name === "dispatch/chunk.render" && e.data.batchId === id)).toBe(true);
    // Deterministic ids, namespaced by the event's name (Inngest dedupes ids across every event name).
    expect(sent[0].id).toBe(`dispatch/chunk.render:${id}:0+50`);
    expect(sent.at(-1)!.id).toBe(`dispatch/chunk.render:${id}:1989+11`);
    expect(new Set(sent.map((e) => e.id)).size).toBe(43);
  });

  it("runs its steps in order: pick-up, chunk-size, fan-out", async () => {
    const id = await batch(3);
    const { ctx } = await engineFor(startBatchJob, approved(id)).execute({ steps: [fanOutMock] });
    expect(ctx.step.run.mock.calls.map((c) => c[0])).toEqual(["pick-up", "chunk-size"]);
    const [chunkSize] = ctx.step.run.mock.invocationCallOrder.slice(-1);
    expect(ctx.step.sendEvent.mock.calls[0][0]).toBe("fan-out");
    expect(ctx.step.sendEvent.mock.invocationCallOrder[0]).toBeGreaterThan(chunkSize);
  });

  it("an event delivered twice starts the batch once and fans out the same event ids, which Inngest drops", async () => {
    const id = await batch(120);
    const first = await engineFor(startBatchJob, approved(id)).execute({ steps: [fanOutMock] });
    const second = await engineFor(startBatchJob, approved(id)).execute({ steps: [fanOutMock] });
    expect(sentBy(second.ctx.step.sendEvent).map((e) => e.id)).toEqual(sentBy(first.ctx.step.sendEvent).map((e) => e.id));
    expect(await audit(id, "batch.processing")).toBe(1);
  });

  it("a failing step is retried by Inngest, and the retry takes the completed pick-up from state instead of running it again", async () => {
    const id = await batch(10);
    const pickedUp = { id: "pick-up", handler: () => [0, 1, 2] };
    toInngestFunction(startBatchJob); // built (it reads the environment) before the environment breaks
    // chunk-size really fails: its first read of the environment throws.
    process.env.BATCH_CHUNK_RECORDS = "0";
    resetEnvCache();
    try {
      const failed = await oneRequest(startBatchJob, approved(id), [pickedUp]);
      expect(failed).toMatchObject({ type: "step-ran", retriable: true, step: { name: "chunk-size", op: "StepError" } });
    } finally {
      delete process.env.BATCH_CHUNK_RECORDS;
      resetEnvCache();
    }
    // The retry: pick-up's stored result (3 records) is used, though the batch has 10 pending.
    const { result, ctx } = await engineFor(startBatchJob, approved(id)).execute({ steps: [pickedUp, fanOutMock] });
    expect(result).toEqual({ records: 3, chunks: 1, chunkSize: 50 });
    const [row] = await (await getDb()).select().from(batches).where(eq(batches.id, id));
    expect(row.state).toBe("queued"); // the real pick-up never ran
    expect(ctx.step.sendEvent).toHaveBeenCalledTimes(1);
  });
});

describe("dispatch-render-chunk and dispatch-finalize-batch on Inngest", () => {
  it("a chunk delivered again after its records were rendered renders and counts nothing twice", async () => {
    const id = await batch(5, "processing", 5);
    const event = { name: "dispatch/chunk.render", data: { batchId: id, from: 0, count: 5 }, id: `${id}:0+5` };
    const { result, ctx } = await engineFor(renderChunkJob, event).execute();
    expect(result).toEqual({ rendered: 0, failed: 0, skipped: 5 });
    expect(ctx.step.run).not.toHaveBeenCalled(); // one request: a retry runs the whole (idempotent) chunk again, as embedded
    const [row] = await (await getDb()).select().from(batches).where(eq(batches.id, id));
    expect(row.processedCount).toBe(5);
  });

  it("a chunk of a batch no longer processing (cancelled) renders nothing", async () => {
    const id = await batch(5, "cancelled");
    const event = { name: "dispatch/chunk.render", data: { batchId: id, from: 0, count: 5 } };
    expect((await engineFor(renderChunkJob, event).execute()).result).toEqual({ rendered: 0, failed: 0, skipped: 5 });
  });

  it("finalisation delivered twice completes the batch once", async () => {
    const id = await batch(3, "processing", 3);
    const event = { name: "dispatch/batch.finalize", data: { batchId: id }, id };
    expect((await engineFor(finalizeBatchJob, event).execute()).result).toBe("completed");
    expect((await engineFor(finalizeBatchJob, event).execute()).result).toBeNull();
    expect(await audit(id, "batch.completed")).toBe(1);
  });
});

describe("dispatch-resume-stalled on Inngest", () => {
  it("runs from Inngest's timer event (whose data is not ours), resumes a stalled batch once, and the next minute finds it moved", async () => {
    const id = await batch(2, "queued", 0, new Date(Date.now() - 3_600_000));
    const first = await engineFor(resumeStalledJob, timerEvent("* * * * *")).execute();
    expect(first.error).toBeUndefined();
    expect(first.result).toEqual({ resumed: 1 });
    expect((await engineFor(resumeStalledJob, timerEvent("* * * * *")).execute()).result).toEqual({ resumed: 0 });
    // Embedded here (no Inngest keys), its pickup is one queued job under a fresh event id.
    const queued = await (
      await getDb()
    )
      .select()
      .from(jobs)
      .where(sql`${jobs.functionId} = 'dispatch-start-batch' and ${jobs.payload}->>'batchId' = ${id}`);
    expect(queued).toHaveLength(1);
    expect(queued[0].dedupeKey).toMatch(new RegExp(`^dispatch-start-batch:${id}:resume-\\d+$`));
  });
});
