import { describe, expect, expectTypeOf, it } from "vitest";
import type { Catalogue } from "@/lib/jobs/catalogue";
import { defineJob } from "@/lib/jobs/define-job";
import { productJobs } from "@/lib/jobs/definitions";
import { events, runnerEvents, type EventPayload, type SealpostEvent } from "@/lib/jobs/events";
import { relayJob } from "@/lib/jobs/relay";
import { sendEvent } from "@/lib/jobs/send-event";

// The `@ts-expect-error` lines are the type-level half: `npm run typecheck` fails if any of them compiles.

const everyJob = [...productJobs, relayJob];
const specOf = (name: string) =>
  Object.hasOwn(events, name) ? (events as Catalogue)[name] : Object.hasOwn(runnerEvents, name) ? (runnerEvents as Catalogue)[name] : null;

describe("sending an event", () => {
  it("compiles only with a catalogue name and data of that name's payload", () => {
    expectTypeOf(sendEvent).toBeCallableWith(undefined, {
      name: "dispatch/batch.approved",
      data: { batchId: "b", tenantId: "acme" },
      id: "b",
    });
    expectTypeOf(sendEvent).toBeCallableWith(undefined, [{ name: "dispatch/chunk.render", data: { batchId: "b", from: 0, count: 5 } }]);
    // @ts-expect-error a misspelt name
    expectTypeOf(sendEvent).toBeCallableWith(undefined, { name: "dispatch/batch.aproved", data: { batchId: "b", tenantId: "acme" } });
    // @ts-expect-error the data of another event
    expectTypeOf(sendEvent).toBeCallableWith(undefined, { name: "dispatch/batch.approved", data: { workflowId: "w", tenantId: "acme" } });
    // @ts-expect-error a field missing
    expectTypeOf(sendEvent).toBeCallableWith(undefined, { name: "dispatch/batch.approved", data: { batchId: "b" } });
    // @ts-expect-error a field of the wrong type
    expectTypeOf(sendEvent).toBeCallableWith(undefined, [{ name: "dispatch/chunk.render", data: { batchId: "b", from: "0", count: 5 } }]);
    // @ts-expect-error the runner's own event is not domain code's to send
    expectTypeOf(sendEvent).toBeCallableWith(undefined, { name: "sealpost/inngest.relay", data: { events: [] } });
  });

  it("refuses a name the catalogue lacks, should a cast get it past the compiler", async () => {
    const misspelt = { name: "dispatch/batch.aproved", data: { batchId: "b", tenantId: "acme" } } as unknown as SealpostEvent;
    await expect(sendEvent(undefined, misspelt)).rejects.toThrow(/"dispatch\/batch\.aproved" is no event of the catalogue/);
    const relay = { name: "sealpost/inngest.relay", data: { events: [] } } as unknown as SealpostEvent;
    await expect(sendEvent(undefined, relay)).rejects.toThrow(/is no event of the catalogue/);
  });
});

describe("defining a job", () => {
  it("takes its trigger from the catalogue, and its handler reads that event's payload and sends catalogue events", () => {
    const job = defineJob({
      id: "t-reads",
      event: "dispatch/batch.approved",
      handler: async ({ payload, step }) => {
        expectTypeOf(payload).toEqualTypeOf<{ batchId: string; tenantId: string }>();
        // @ts-expect-error dispatch/batch.approved carries no workflowId
        void payload.workflowId;
        await step.sendEvent("fan-out", [{ name: "dispatch/chunk.render", data: { batchId: payload.batchId, from: 0, count: 1 } }]);
        // @ts-expect-error a misspelt name, sent from a step
        await step.sendEvent("fan-out", [{ name: "dispatch/chunk.rendr", data: { batchId: payload.batchId, from: 0, count: 1 } }]);
      },
    });
    expect(job).toMatchObject({ event: "dispatch/batch.approved", payload: events["dispatch/batch.approved"].payload, retries: 4 });
    expectTypeOf<EventPayload<"explain/trace.store">["createdAt"]>().toEqualTypeOf<Date>();
  });

  it("refuses an event the catalogue lacks, at compile time and when defined", () => {
    expect(() =>
      defineJob({
        id: "t-misspelt",
        // @ts-expect-error a misspelt trigger
        event: "dispatch/batch.aproved",
        handler: () => undefined,
      }),
    ).toThrow(/t-misspelt: its catalogue has no event "dispatch\/batch\.aproved"/);
  });
});

describe("the event catalogue", () => {
  it("starts every job from one of its events, with that event's payload and schedule", () => {
    for (const def of everyJob) {
      const spec = specOf(def.event);
      expect(spec, `${def.id}: ${def.event}`).not.toBeNull();
      expect(def.payload, def.id).toBe(spec!.payload);
      expect(def.cron, def.id).toBe(spec!.cron);
    }
  });

  it("has at least one job listening to each event", () => {
    const listened = new Set(everyJob.map((d) => d.event));
    expect([...Object.keys(events), ...Object.keys(runnerEvents)].filter((name) => !listened.has(name))).toEqual([]);
  });
});
