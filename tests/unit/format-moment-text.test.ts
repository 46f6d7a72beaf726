import { describe, expect, it } from "vitest";
import { momentText, timeOfDayText } from "@/lib/format/moment-text";

describe("a moment as people read it", () => {
  const at = "2026-12-01T18:25:37.634Z";

  it("is written for the locale, with its time zone named (UTC, as no time zone is configured)", () => {
    expect(momentText(at)).toBe("1 December 2026 at 18:25 UTC");
    expect(momentText(new Date(at), "de-DE")).toBe("1. Dezember 2026 um 18:25 UTC");
    expect(momentText(at, "en-US")).toBe("December 1, 2026 at 06:25 PM UTC");
    expect(momentText(at, "en-GB", "Europe/Berlin")).toBe("1 December 2026 at 19:25 CET");
  });

  it("keeps the seconds for audit trails, and is short for a signature box", () => {
    expect(momentText(at, "en-GB", undefined, { seconds: true })).toBe("1 December 2026 at 18:25:37 UTC");
    expect(momentText(at, "en-GB", undefined, { length: "short" })).toBe("1 Dec 2026, 18:25 UTC");
  });

  it("says the time of day alone with its zone, and nothing for no moment", () => {
    expect(timeOfDayText(at)).toBe("18:25 UTC");
    expect(momentText(null)).toBe("");
    expect(momentText("not a time")).toBe("");
    expect(timeOfDayText(undefined)).toBe("");
  });
});
