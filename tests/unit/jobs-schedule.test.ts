import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob } from "@/inngest/define-job";
import { lastSlot } from "@/inngest/schedule";

describe("cron slots", () => {
  it("names the latest slot at or before now, in UTC", () => {
    expect(lastSlot("* * * * *", new Date("2026-11-23T10:15:42.500Z")).toISOString()).toBe("2026-11-23T10:15:00.000Z");
    expect(lastSlot("*/5 * * * *", new Date("2026-11-23T10:15:00.000Z")).toISOString()).toBe("2026-11-23T10:15:00.000Z");
    expect(lastSlot("0 3 * * *", new Date("2026-11-23T02:59:59.999Z")).toISOString()).toBe("2026-11-22T03:00:00.000Z");
  });

  it("refuses a cron a job cannot run on, when the job is defined", () => {
    const job = (cron: string) => () => defineJob({ id: "t-bad-cron", event: "test/bad", cron, payload: z.object({}), handler: () => {} });
    expect(job("61 * * * *")).toThrow(/does not parse/);
    expect(job("every minute please")).toThrow();
    expect(job("0 * * * * *")).toThrow(/five fields/);
    expect(job("0 3 * * 1-5")).not.toThrow();
  });
});
