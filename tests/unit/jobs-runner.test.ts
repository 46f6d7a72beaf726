import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { closeDb, getDb } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { newId } from "@/lib/ids";
import { inngest } from "@/lib/jobs/inngest-client";
import { defineCatalogue } from "@/lib/jobs/catalogue";
import { defineJobOn, NonRetriableError, type JobDefinition } from "@/lib/jobs/define-job";
import { setJobDefinitionsForTests } from "@/lib/jobs/registry";
import { lastSlot } from "@/lib/jobs/schedule";
import { startRunner, type Runner } from "@/lib/jobs/runner";
import { sendEventOn } from "@/lib/jobs/send-event";
import { useFreshDatabase } from "../support/test-db";

// Side effects the test jobs leave, counted per key.
const effects = new Map<string, number>();
const count = (key: string) => effects.set(key, (effects.get(key) ?? 0) + 1).get(key)!;
const seen = (key: string) => effects.get(key) ?? 0;
const times: number[] = [];

const n = z.object({ n: z.number() });
const testEvents = defineCatalogue({
  "test/echo": { payload: n },
  "test/flaky": { payload: n },
  "test/doomed": { payload: n },
  "test/fatal": { payload: n },
  "test/fan-out": { payload: n },
  "test/hang": { payload: n },
  "test/child": { payload: n },
  "test/cron": { payload: z.object({}), cron: "*/5 * * * *" },
  "test/sleeper": { payload: z.object({ until: z.string() }) },
});
const testJobs: JobDefinition[] = [
  defineJobOn(testEvents, { id: "t-echo", event: "test/echo", handler: async ({ payload }) => void count(`echo:${payload.n}`) }),
  defineJobOn(testEvents, { id: "t-echo-twin", event: "test/echo", handler: async ({ payload }) => void count(`twin:${payload.n}`) }),
  defineJobOn(testEvents, {
    id: "t-flaky",
    event: "test/flaky",
    handler: async ({ step }) => {
      const a = await step.run("a", async () => ({ at: count("a"), when: new Date(0) }));
      await step.run("b", async () => {
        times.push(Date.now());
        if (count("b") < 3) throw new Error("b is not ready yet");
      });
      count(`c:${typeof a.when}`);
    },
  }),
  defineJobOn(testEvents, {
    id: "t-doomed",
    event: "test/doomed",
    retries: 2,
    handler: async () => {
      count("doomed");
      throw new Error("always broken");
    },
  }),
  defineJobOn(testEvents, {
    id: "t-fatal",
    event: "test/fatal",
    handler: async () => {
      throw new NonRetriableError("no point retrying");
    },
  }),
  defineJobOn(testEvents, {
    id: "t-fan-out",
    event: "test/fan-out",
    handler: async ({ step, attempt }) => {
      await step.sendEvent(
        "children",
        [1, 2, 3].map((i) => ({ name: "test/child", data: { n: i } })),
      );
      if (attempt === 0) throw new Error("crash after the fan-out");
    },
  }),
  defineJobOn(testEvents, {
    id: "t-hang",
    event: "test/hang",
    handler: async ({ attempt }) => {
      // The first attempt waits on something that never answers (a peer gone silent).
      if (attempt === 0) await new Promise(() => {});
      count("hang:done");
    },
  }),
  defineJobOn(testEvents, { id: "t-child", event: "test/child", handler: async ({ payload }) => void count(`child:${payload.n}`) }),
  defineJobOn(testEvents, { id: "t-cron", event: "test/cron", handler: async () => void count("cron") }),
  defineJobOn(testEvents, {
    id: "t-sleeper",
    event: "test/sleeper",
    handler: async ({ payload, step }) => {
      await step.run("before", async () => count("before-sleep"));
      await step.sleepUntil("nap", new Date(payload.until));
      count("after-sleep");
    },
  }),
];

async function eventually<T>(check: () => Promise<T | false | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const jobsOf = async (functionId: string) =>
  (await getDb())
    .select()
    .from(jobs)
    .where(sql`${jobs.functionId} = ${functionId}`);
const allDone = (functionId: string, status = "done") =>
  eventually(async () => {
    const rows = await jobsOf(functionId);
    return rows.length > 0 && rows.every((r) => r.status === status) && rows;
  });

for (const driver of ["postgres", "pglite"] as const) {
  describe(`embedded runner on ${driver}`, () => {
    let cleanup: () => Promise<void>;
    const runners: Runner[] = [];
    const runner = async (concurrency = 4, pollMs = 100) => {
      const r = await startRunner({ concurrency, pollMs, leaseMs: 2000, retryBaseMs: 50 });
      runners.push(r);
      return r;
    };

    beforeAll(async () => {
      delete process.env.INNGEST_EVENT_KEY;
      delete process.env.INNGEST_DEV;
      cleanup = await useFreshDatabase(driver);
      resetEnvCache();
      await closeDb();
      await getDb();
      setJobDefinitionsForTests(testJobs);
    });
    beforeEach(async () => {
      await Promise.all(runners.splice(0).map((r) => r.stop()));
      await (await getDb()).delete(jobs);
      effects.clear();
      times.length = 0;
    });
    afterAll(async () => {
      await Promise.all(runners.splice(0).map((r) => r.stop()));
      setJobDefinitionsForTests(null);
      await closeDb();
      await cleanup();
    });

    it("abandons a job past its deadline: its slot serves other jobs, and it is retried when its lease runs out", async () => {
      const r = await startRunner({ concurrency: 1, pollMs: 50, leaseMs: 1000, retryBaseMs: 50, jobTimeoutMs: 300 });
      runners.push(r);
      await sendEventOn(testEvents, undefined, { name: "test/hang", data: { n: 1 } });
      await eventually(async () => (await jobsOf("t-hang"))[0]?.status === "running");
      await sendEventOn(testEvents, undefined, { name: "test/echo", data: { n: 2 } });
      await allDone("t-echo"); // the only slot was held by the silent job until its deadline
      const [hang] = await allDone("t-hang");
      expect(hang.attempts).toBe(2);
      expect(seen("hang:done")).toBe(1);
    });

    it("runs a cron job once for its latest slot, however many runners see the slot", async () => {
      await Promise.all([runner(2, 50), runner(2, 50)]);
      const [row] = await allDone("t-cron");
      expect(row.dedupeKey).toBe(`t-cron:cron:${lastSlot("*/5 * * * *", new Date()).toISOString()}`);
      await new Promise((r) => setTimeout(r, 300)); // both runners have polled several times since
      expect(seen("cron")).toBe(1);
      expect(await jobsOf("t-cron")).toHaveLength(1);
    });

    it("runs a job, once for every job listening to the event", async () => {
      await runner();
      await sendEventOn(testEvents, undefined, { name: "test/echo", data: { n: 1 } });
      await allDone("t-echo");
      await allDone("t-echo-twin");
      expect([seen("echo:1"), seen("twin:1")]).toEqual([1, 1]);
    });

    it("retries a failing step with backoff and never re-runs the steps before it", async () => {
      await runner();
      await sendEventOn(testEvents, undefined, { name: "test/flaky", data: { n: 1 } });
      const [row] = await allDone("t-flaky");
      expect(row.attempts).toBe(3);
      expect([seen("a"), seen("b")]).toEqual([1, 3]);
      // A replayed step returns the JSON of its first result, as under Inngest.
      expect(seen("c:string")).toBe(1);
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(45);
      expect(times[2] - times[1]).toBeGreaterThanOrEqual(95);
    });

    it("marks a job failed after its last attempt, and at once for a non-retriable error", async () => {
      await runner();
      await sendEventOn(testEvents, undefined, [
        { name: "test/doomed", data: { n: 1 } },
        { name: "test/fatal", data: { n: 1 } },
      ]);
      const [doomed] = await allDone("t-doomed", "failed");
      expect(doomed).toMatchObject({ attempts: 3, maxAttempts: 3 });
      expect(doomed.lastError).toContain("always broken");
      expect(seen("doomed")).toBe(3);
      const [fatal] = await allDone("t-fatal", "failed");
      expect(fatal.attempts).toBe(1);
      expect(fatal.lastError).toContain("no point retrying");
    });

    it("fails a job nobody defines, saying so", async () => {
      const db = await getDb();
      await db.insert(jobs).values({ id: newId(), functionId: "t-nobody", event: "test/nobody", payload: {} });
      await runner();
      const [row] = await allDone("t-nobody", "failed");
      expect(row.lastError).toContain('No job definition with id "t-nobody"');
    });

    it("reclaims a job whose runner died (lease expired) and runs it", async () => {
      const db = await getDb();
      await db.insert(jobs).values({
        id: newId(),
        functionId: "t-echo",
        event: "test/echo",
        payload: { n: 7 },
        status: "running",
        attempts: 1,
        lockedBy: "dead-runner",
        lockedUntil: new Date(Date.now() - 1000),
      });
      await db.insert(jobs).values({
        id: newId(),
        functionId: "t-echo-twin",
        event: "test/echo",
        payload: { n: 8 },
        status: "running",
        attempts: 1,
        lockedBy: "live-runner",
        lockedUntil: new Date(Date.now() + 60_000),
      });
      await runner();
      const [row] = await allDone("t-echo");
      expect(row.attempts).toBe(2);
      expect(seen("echo:7")).toBe(1);
      expect((await jobsOf("t-echo-twin"))[0].status).toBe("running"); // a live lease is left alone
    });

    it("keeps step.sendEvent to one send across retries", async () => {
      await runner();
      await sendEventOn(testEvents, undefined, { name: "test/fan-out", data: { n: 1 } });
      await allDone("t-fan-out");
      await allDone("t-child");
      expect((await jobsOf("t-child")).length).toBe(3);
      expect([seen("child:1"), seen("child:2"), seen("child:3")]).toEqual([1, 1, 1]);
    });

    it("sleeps until a time without re-running earlier steps or counting an attempt", async () => {
      await runner();
      // Long enough that the parked job is seen pending (not running) even on a loaded host.
      const until = new Date(Date.now() + 2_500);
      await sendEventOn(testEvents, undefined, { name: "test/sleeper", data: { until: until.toISOString() } });
      await eventually(async () => (await jobsOf("t-sleeper"))[0]?.status === "pending" && seen("before-sleep") === 1);
      const [row] = await allDone("t-sleeper");
      expect(Date.now()).toBeGreaterThanOrEqual(until.getTime());
      expect(row.attempts).toBe(1);
      expect([seen("before-sleep"), seen("after-sleep")]).toEqual([1, 1]);
    });

    it("enqueues nothing when the sending transaction rolls back, and the events when it commits", async () => {
      const db = await getDb();
      await expect(
        db.transaction(async (tx) => {
          await sendEventOn(testEvents, tx, { name: "test/echo", data: { n: 1 } });
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await jobsOf("t-echo")).toHaveLength(0);
      await runner();
      await db.transaction(async (tx) => sendEventOn(testEvents, tx, { name: "test/echo", data: { n: 2 } }));
      await allDone("t-echo");
      expect(seen("echo:2")).toBe(1);
    });

    it("dedupes events by id, per job", async () => {
      await sendEventOn(testEvents, undefined, { name: "test/echo", data: { n: 1 }, id: "same" });
      await sendEventOn(testEvents, undefined, [
        { name: "test/echo", data: { n: 1 }, id: "same" },
        { name: "test/echo", data: { n: 2 }, id: "other" },
      ]);
      expect((await jobsOf("t-echo")).map((r) => r.dedupeKey).sort()).toEqual(["t-echo:other", "t-echo:same"]);
      expect(await jobsOf("t-echo-twin")).toHaveLength(2);
      const types = await (await getDb()).selectDistinct({ t: sql<string>`jsonb_typeof(${jobs.payload})` }).from(jobs);
      expect(types).toEqual([{ t: "object" }]);
    });

    it("is woken by a commit in any session, without waiting for its poll", async () => {
      await runner(4, 60_000);
      await new Promise((r) => setTimeout(r, 50)); // let the first (empty) claim pass
      const db = await getDb();
      const sent = Date.now();
      await db.transaction(async (tx) => sendEventOn(testEvents, tx, { name: "test/echo", data: { n: 3 } }));
      await allDone("t-echo", "done");
      expect(Date.now() - sent).toBeLessThan(5_000);
    });

    it("rejects an event whose data does not fit a listening job, before enqueueing anything", async () => {
      // The compiler refuses it too; the check stands for data it cannot see (JSON read back, a cast).
      // @ts-expect-error n is a number
      await expect(sendEventOn(testEvents, undefined, { name: "test/echo", data: { n: "one" } })).rejects.toThrow(/invalid for job t-echo/);
      expect(await jobsOf("t-echo")).toHaveLength(0);
    });

    it("under Inngest, sends at once outside a transaction and after commit inside one", async () => {
      const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] });
      process.env.INNGEST_EVENT_KEY = "test-key";
      resetEnvCache();
      try {
        await runner();
        await sendEventOn(testEvents, undefined, { name: "test/echo", data: { n: 1 }, id: "direct" });
        // The id is namespaced by the event's name: Inngest dedupes ids across every event name.
        expect(send).toHaveBeenCalledWith([{ name: "test/echo", data: { n: 1 }, id: "test/echo:direct" }]);
        send.mockClear();
        const db = await getDb();
        await expect(
          db.transaction(async (tx) => {
            await sendEventOn(testEvents, tx, { name: "test/echo", data: { n: 2 } });
            throw new Error("roll back");
          }),
        ).rejects.toThrow();
        await db.transaction(async (tx) => {
          await sendEventOn(testEvents, tx, [
            { name: "test/echo", data: { n: 3 }, id: "e3" },
            { name: "test/flaky", data: { n: 4 } },
          ]);
          expect(send).not.toHaveBeenCalled();
        });
        await allDone("inngest-relay");
        expect(send).toHaveBeenCalledTimes(1);
        expect(send).toHaveBeenCalledWith([
          { name: "test/echo", data: { n: 3 }, id: "test/echo:e3" },
          { name: "test/flaky", data: { n: 4 } },
        ]);
        expect(await jobsOf("t-echo")).toHaveLength(0); // Inngest runs the jobs, not us
        // Inngest's cron trigger runs t-cron; the runner sending its slot too would run it twice.
        expect(send.mock.calls.flat(2)).not.toContainEqual(expect.objectContaining({ name: "test/cron" }));
      } finally {
        delete process.env.INNGEST_EVENT_KEY;
        resetEnvCache();
        send.mockRestore();
      }
    });

    if (driver === "postgres") {
      it("two runners never run one job twice (1,000 jobs)", async () => {
        const events = Array.from({ length: 1000 }, (_, i) => ({ name: "test/child" as const, data: { n: i } }));
        await sendEventOn(testEvents, undefined, events);
        await Promise.all([runner(4), runner(4)]);
        await eventually(async () => (await jobsOf("t-child")).every((r) => r.status === "done"), 60_000);
        const counts = Array.from({ length: 1000 }, (_, i) => seen(`child:${i}`));
        expect(counts.every((c) => c === 1)).toBe(true);
      });

      it("runs 2,000 trivial jobs at a useful rate with concurrency 4", async () => {
        const events = Array.from({ length: 2000 }, (_, i) => ({ name: "test/child" as const, data: { n: i } }));
        await sendEventOn(testEvents, undefined, events);
        const started = performance.now();
        await runner(4);
        await eventually(async () => {
          const [{ left }] = await (
            await getDb()
          )
            .select({ left: sql<number>`count(*)::int` })
            .from(jobs)
            .where(sql`status <> 'done'`);
          return left === 0;
        }, 60_000);
        const perSecond = 2000 / ((performance.now() - started) / 1000);
        console.log(`[bench] embedded runner on PostgreSQL: ${perSecond.toFixed(0)} jobs/s (2,000 trivial jobs, concurrency 4)`);
        expect(perSecond).toBeGreaterThan(50);
      });
    }
  });
}
