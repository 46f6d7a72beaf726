import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { closeDb, getDb } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { defineCatalogue } from "@/lib/jobs/catalogue";
import { defineJobOn, type JobDefinition } from "@/lib/jobs/define-job";
import { claimJobs, type ClaimedJob } from "@/lib/jobs/job-store";
import { sendEventOn } from "@/lib/jobs/send-event";
import { setJobDefinitionsForTests } from "@/lib/jobs/registry";
import { useFreshDatabase } from "../support/test-db";

// Jobs that are never run here: the test claims them itself, as runners in other processes would.
const testEvents = defineCatalogue({
  "test/chunk": { payload: z.object({ tenantId: z.string(), batchId: z.string(), n: z.number() }) },
  "test/sweep": { payload: z.object({}) },
});
const testJobs: JobDefinition[] = [
  defineJobOn(testEvents, { id: "t-chunk", event: "test/chunk", handler: () => undefined }),
  defineJobOn(testEvents, { id: "t-sweep", event: "test/sweep", handler: () => undefined }),
];

const chunks = (tenantId: string, batchId: string, count: number) =>
  sendEventOn(
    testEvents,
    undefined,
    Array.from({ length: count }, (_, n) => ({ name: "test/chunk", data: { tenantId, batchId, n } })),
  );

let db: Awaited<ReturnType<typeof getDb>>;
const claim = (worker: string, limit: number) => claimJobs(db, worker, limit, 60_000);
const batchOf = (job: ClaimedJob) => (job.payload as { batchId?: string }).batchId ?? job.functionId;

for (const driver of ["postgres", "pglite"] as const) {
  describe(`the claim on ${driver} shares turns by tenant, then by batch`, () => {
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      delete process.env.INNGEST_EVENT_KEY;
      delete process.env.INNGEST_DEV;
      cleanup = await useFreshDatabase(driver);
      resetEnvCache();
      await closeDb();
      db = await getDb();
      setJobDefinitionsForTests(testJobs);
    });
    beforeEach(async () => {
      await db.delete(jobs);
    });
    afterAll(async () => {
      setJobDefinitionsForTests(null);
      await closeDb();
      await cleanup();
    });

    it("gives another tenant's one job the next claim, though 300 chunks of a large batch were due before it", async () => {
      await chunks("tenant-a", "big", 300);
      const first = await claim("worker-1", 4);
      expect(first.map(batchOf)).toEqual(["big", "big", "big", "big"]);
      await chunks("tenant-b", "small", 1);
      const next = await claim("worker-2", 1);
      expect(next.map(batchOf)).toEqual(["small"]);
    });

    it("counts another tenant in even when nothing runs yet: one claim of several takes its job", async () => {
      await chunks("tenant-a", "big", 300);
      await chunks("tenant-b", "small", 1);
      const claimed = await claim("worker-1", 4);
      expect(claimed.map(batchOf)).toContain("small");
    });

    it("interleaves a tenant's small batch with the rest of its own large batch sent before it", async () => {
      await chunks("tenant-a", "big", 300);
      expect((await claim("worker-1", 2)).map(batchOf)).toEqual(["big", "big"]);
      await chunks("tenant-a", "small", 3);
      // Two of big's chunks run: small's first two go before big's third, its third after it.
      const claimed = (await claim("worker-1", 3)).map(batchOf);
      expect(claimed.filter((b) => b === "small")).toHaveLength(2);
      const rest = (await claim("worker-1", 2)).map(batchOf);
      expect(rest).toContain("small");
    });

    it("lets a job of another kind, which names no tenant, through before a large batch's backlog", async () => {
      await chunks("tenant-a", "big", 300);
      await claim("worker-1", 8);
      await sendEventOn(testEvents, undefined, { name: "test/sweep", data: {} });
      expect((await claim("worker-1", 1)).map((j) => j.functionId)).toEqual(["t-sweep"]);
    });

    it("keeps one of a runner's slots from a lane that would fill them all, for the next batch sent meanwhile; another runner takes its share", async () => {
      await chunks("tenant-a", "big", 20);
      // A runner of 4 slots, none running: the large batch takes 3 of them, not 4.
      const first = await claimJobs(db, "worker-1", 4, 60_000, 3);
      expect(first.map(batchOf)).toEqual(["big", "big", "big"]);
      expect(await claimJobs(db, "worker-1", 1, 60_000, 3)).toEqual([]);
      // A small batch of the same tenant starts in the slot left free, without waiting for a chunk to end.
      await chunks("tenant-a", "small", 1);
      expect((await claimJobs(db, "worker-1", 1, 60_000, 3)).map(batchOf)).toEqual(["small"]);
      // The cap is per runner: another runner's slots take the large batch's next chunks.
      expect((await claimJobs(db, "worker-2", 2, 60_000, 3)).map(batchOf)).toEqual(["big", "big"]);
    });

    it("never claims a job twice, and claims every due job in the end", async () => {
      await chunks("tenant-a", "big", 40);
      await chunks("tenant-b", "other", 5);
      await chunks("tenant-a", "small", 5);
      const seen: string[] = [];
      for (let round = 0; round < 20 && seen.length < 50; round++) {
        const [one, two] = await Promise.all([claim("worker-1", 3), claim("worker-2", 2)]);
        seen.push(...one.map((j) => j.id), ...two.map((j) => j.id));
      }
      expect(seen).toHaveLength(50);
      expect(new Set(seen).size).toBe(50);
      const [{ left }] = await db
        .select({ left: sql<number>`count(*)::int` })
        .from(jobs)
        .where(sql`status = 'pending'`);
      expect(left).toBe(0);
    });
  });
}
