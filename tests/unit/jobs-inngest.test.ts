import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineCatalogue } from "@/lib/jobs/catalogue";
import { defineJobOn } from "@/lib/jobs/define-job";
import { toInngestFunction } from "@/inngest/inngest-function";

// The same kind of definition the embedded runner runs, here as the Inngest function made from it.
let renders = 0;
const testEvents = defineCatalogue({
  "test/batch.approved": { payload: z.object({ batchId: z.string(), count: z.number().int().min(0) }) },
  "test/record.render": { payload: z.object({ batchId: z.string(), recordIndex: z.number() }) },
});
const fanOut = defineJobOn(testEvents, {
  id: "t-fan-out",
  event: "test/batch.approved",
  retries: 2,
  handler: async ({ payload, step }) => {
    const indexes = await step.run("pick-up", async () => {
      renders++;
      return Array.from({ length: payload.count }, (_, i) => i);
    });
    await step.sendEvent(
      "fan-out",
      indexes.map((i) => ({
        name: "test/record.render",
        data: { batchId: payload.batchId, recordIndex: i },
        id: `${payload.batchId}:${i}`,
      })),
    );
    await step.sleepUntil("cool-down", new Date(Date.now() - 1000));
    return { records: indexes.length };
  },
});

// A fresh engine per test: a reused or cloned one replays the first run's step results (DESIGN §8).
// Sleeps must be mocked too: an unmocked step.sleepUntil never returns under @inngest/test, even for a past date.
const sleep = { id: "cool-down", handler: () => null };
const engine = (data: unknown) =>
  new InngestTestEngine({
    function: toInngestFunction(fanOut),
    events: [{ name: "test/batch.approved", data: data as Record<string, unknown> }],
  });

describe("a job definition as an Inngest function", () => {
  it("has the definition's id and trigger", () => {
    const fn = toInngestFunction(fanOut);
    expect(fn.id()).toBe("t-fan-out");
    expect(JSON.stringify(fn["opts"])).toContain("test/batch.approved");
  });

  it("runs the handler over Inngest's steps, sending the fanned-out events with their ids", async () => {
    renders = 0;
    const { result, ctx } = await engine({ batchId: "b1", count: 3 }).execute({
      // step.sendEvent must be mocked, or it tries to reach Inngest (DESIGN §8).
      steps: [{ id: "fan-out", handler: () => ({ ids: ["e0", "e1", "e2"] }) }, sleep],
    });
    expect(result).toEqual({ records: 3 });
    expect(renders).toBe(1);
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("fan-out", [
      { name: "test/record.render", data: { batchId: "b1", recordIndex: 0 }, id: "test/record.render:b1:0" },
      { name: "test/record.render", data: { batchId: "b1", recordIndex: 1 }, id: "test/record.render:b1:1" },
      { name: "test/record.render", data: { batchId: "b1", recordIndex: 2 }, id: "test/record.render:b1:2" },
    ]);
  });

  it("replays a completed step from state instead of running it again", async () => {
    renders = 0;
    const { result } = await engine({ batchId: "b2", count: 9 }).execute({
      steps: [{ id: "pick-up", handler: () => [0, 1] }, { id: "fan-out", handler: () => ({ ids: [] }) }, sleep],
    });
    expect(result).toEqual({ records: 2 });
    expect(renders).toBe(0);
  });

  it("skips sending when there is nothing to fan out", async () => {
    const { result, ctx } = await engine({ batchId: "b3", count: 0 }).execute({ steps: [sleep] });
    expect(result).toEqual({ records: 0 });
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
  });

  it("fails without retrying when the payload is invalid", async () => {
    const { error } = await engine({ batchId: "b4", count: -1 }).execute();
    expect(String((error as Error).message ?? error)).toMatch(/invalid payload/);
  });

  it("lists every product job once, with unique ids, each convertible to an Inngest function", async () => {
    const { productJobs } = await import("@/lib/jobs/definitions");
    const ids = productJobs.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of productJobs) expect(toInngestFunction(f).id()).toBe(f.id);
  });
});
