import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineCatalogue } from "@/lib/jobs/catalogue";
import { lastSlot, slotsAround } from "@/lib/jobs/schedule";

describe("cron slots", () => {
  it("names the latest slot at or before now, in UTC", () => {
    expect(lastSlot("* * * * *", new Date("2026-11-23T10:15:42.500Z")).toISOString()).toBe("2026-11-23T10:15:00.000Z");
    expect(lastSlot("*/5 * * * *", new Date("2026-11-23T10:15:00.000Z")).toISOString()).toBe("2026-11-23T10:15:00.000Z");
    expect(lastSlot("0 3 * * *", new Date("2026-11-23T02:59:59.999Z")).toISOString()).toBe("2026-11-22T03:00:00.000Z");
  });

  it("names the first slot after now too, so the runner knows when to look again", () => {
    const at = (iso: string) => slotsAround("*/5 * * * *", new Date(iso));
    expect(at("2026-11-23T10:15:00.000Z")).toEqual({
      last: new Date("2026-11-23T10:15:00.000Z"),
      next: new Date("2026-11-23T10:20:00.000Z"),
    });
    expect(at("2026-11-23T10:19:59.999Z")).toEqual({
      last: new Date("2026-11-23T10:15:00.000Z"),
      next: new Date("2026-11-23T10:20:00.000Z"),
    });
    expect(slotsAround("0 3 * * *", new Date("2026-12-31T03:00:00.001Z")).next).toEqual(new Date("2027-01-01T03:00:00.000Z"));
  });

  it("refuses a cron an event cannot be scheduled on, when its catalogue is defined", () => {
    const scheduled = (cron: string) => () => defineCatalogue({ "test/bad": { payload: z.object({}), cron } });
    expect(scheduled("61 * * * *")).toThrow(/test\/bad: cron "61 \* \* \* \*" does not parse/);
    expect(scheduled("every minute please")).toThrow();
    expect(scheduled("0 * * * * *")).toThrow(/five fields/);
    expect(scheduled("0 3 * * 1-5")).not.toThrow();
  });

  it("refuses a scheduled event whose payload would refuse the schedule's empty data", () => {
    const scheduled = () => defineCatalogue({ "test/sweep": { payload: z.object({ batchId: z.string() }), cron: "* * * * *" } });
    expect(scheduled).toThrow(/test\/sweep: its schedule sends \{\}/);
  });
});
