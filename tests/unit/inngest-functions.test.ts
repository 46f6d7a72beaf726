import { afterEach, describe, expect, it, vi } from "vitest";
import { inngest, toInngestEvent } from "@/lib/jobs/inngest-client";
import { inngestFunctions } from "@/inngest/functions";
import { toInngestFunction } from "@/inngest/inngest-function";
import { productJobs } from "@/lib/jobs/definitions";
import { relayJob } from "@/lib/jobs/relay";
import { jobDefinitions } from "@/lib/jobs/registry";
import { createScheduler } from "@/lib/jobs/schedule";
import { env, resetEnvCache } from "@/lib/env";
import { oneRequest } from "../support/inngest-run";

// What each job is promised to be, written out: a change to a job's trigger, retries or schedule
// must change this table too. Retries are after the first attempt, on Inngest and embedded alike.
const expected: Record<string, { event: string; retries: number; cron?: string }> = {
  "dispatch-start-batch": { event: "dispatch/batch.approved", retries: 4 },
  "dispatch-render-chunk": { event: "dispatch/chunk.render", retries: 4 },
  "dispatch-finalize-batch": { event: "dispatch/batch.finalize", retries: 4 },
  "dispatch-resume-stalled": { event: "dispatch/stalled.sweep", retries: 0, cron: "* * * * *" },
  "workflow-seal": { event: "workflow/seal.requested", retries: 4 },
  "workflow-apply-signature": { event: "workflow/signature.requested", retries: 8 },
  "workflow-approval-sweep": { event: "workflow/approvals.sweep", retries: 0, cron: "*/5 * * * *" },
  "workflow-signer-reminders": { event: "workflow/signers.remind", retries: 0, cron: "*/15 * * * *" },
  "workflow-deliver-callback": { event: "workflow/callback.requested", retries: 4 },
  "explain-archive-traces": { event: "explain/traces.archive", retries: 0, cron: "17 * * * *" },
  "explain-delete-traces": { event: "explain/traces.expire", retries: 0, cron: "43 3 * * *" },
  "explain-store-trace": { event: "explain/trace.store", retries: 20 },
};

interface FunctionOpts {
  id: string;
  triggers: Array<{ event?: string; cron?: string }>;
  retries: number;
  concurrency: { limit: number; key: string; scope: string } | Array<{ limit: number; key: string; scope: string }>;
}
const optsOf = (fn: unknown) => (fn as { opts: FunctionOpts }).opts;

afterEach(() => {
  delete process.env.INNGEST_EVENT_KEY;
  resetEnvCache();
  vi.restoreAllMocks();
});

describe("the functions served to Inngest", () => {
  it("are every product job, each once, and not the relay, which only the embedded runner runs", async () => {
    expect(
      inngestFunctions()
        .map((f) => f.id())
        .sort(),
    ).toEqual(Object.keys(expected).sort());
    expect((await jobDefinitions()).map((d) => d.id).sort()).toEqual([...Object.keys(expected), relayJob.id].sort());
  });

  for (const def of productJobs) {
    it(`${def.id}: the same trigger, schedule and retries as on the embedded runner`, () => {
      const opts = optsOf(toInngestFunction(def));
      const want = expected[def.id];
      expect(opts.triggers).toEqual(want.cron ? [{ event: want.event }, { cron: want.cron }] : [{ event: want.event }]);
      // The embedded runner gives a job retries + 1 attempts (emit-events.ts): the same count.
      expect(opts.retries).toBe(want.retries);
      expect(def.retries).toBe(want.retries);
    });
  }

  it("share one concurrency limit, JOB_CONCURRENCY, as the embedded runner's jobs do, and half of it per tenant where the events name one", () => {
    const shared = { limit: env().JOB_CONCURRENCY, key: '"sealpost-jobs"', scope: "env" };
    const perTenant = { limit: Math.ceil(env().JOB_CONCURRENCY / 2), key: "event.data.tenantId", scope: "env" };
    for (const def of productJobs) {
      const limits = [optsOf(toInngestFunction(def)).concurrency].flat();
      expect(limits[0], def.id).toEqual(shared);
      expect(limits.slice(1), def.id).toEqual(limits.length > 1 ? [perTenant] : []);
    }
    const byId = (id: string) => [optsOf(toInngestFunction(productJobs.find((d) => d.id === id)!)).concurrency].flat();
    // A batch's chunks, and a workflow's seal, wait for their tenant's turn; a schedule's sweep names no tenant.
    for (const id of ["dispatch-start-batch", "dispatch-render-chunk", "dispatch-finalize-batch", "workflow-seal"])
      expect(byId(id), id).toEqual([shared, perTenant]);
    expect(byId("dispatch-resume-stalled")).toEqual([shared]);
  });

  for (const def of productJobs.filter((d) => !d.cron)) {
    it(`${def.id}: a payload it cannot read fails the run for good, not after ${def.retries} retries`, async () => {
      const outcome = await oneRequest(def, { name: def.event, data: { batchId: 42, workflowId: "not a uuid" } });
      expect(outcome.type).toBe("function-rejected");
      expect(outcome.retriable).toBe(false);
      expect(String((outcome.error as Error).message)).toMatch(new RegExp(`Job ${def.id}: invalid payload`));
    });
  }
});

describe("event ids on Inngest", () => {
  it("are namespaced by the event's name, so two kinds of event for one batch are not taken for one repeated event", () => {
    // Inngest drops an id it saw in the last 24 h whatever the event's name; the embedded runner dedupes per job.
    const approved = toInngestEvent({ name: "dispatch/batch.approved", data: { batchId: "b" }, id: "b" });
    const finalize = toInngestEvent({ name: "dispatch/batch.finalize", data: { batchId: "b" }, id: "b" });
    expect(approved.id).toBe("dispatch/batch.approved:b");
    expect(finalize.id).toBe("dispatch/batch.finalize:b");
    expect(toInngestEvent({ name: "x/y.z", data: {} })).toEqual({ name: "x/y.z", data: {} });
  });
});

describe("cron jobs on Inngest", () => {
  it("are scheduled by Inngest alone: the runner sends no slot events, which would run each slot twice", async () => {
    process.env.INNGEST_EVENT_KEY = "test-key";
    resetEnvCache();
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] });
    await createScheduler(productJobs)(new Date("2026-11-28T03:45:00.000Z"));
    expect(send).not.toHaveBeenCalled();
  });
});
