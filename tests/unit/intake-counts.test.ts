import { describe, expect, it } from "vitest";
import { recordCountsText } from "@/app/console/batches/batch-words";
import { intakeCountsOf } from "@/lib/batch/intake-counts";
import { recordCounts } from "@/lib/console/batch-counts";
import { translatorFor } from "@/lib/i18n/translator";

const en = translatorFor("en-GB");

describe("the one wording of a batch's record counts", () => {
  it("classes records ready, with warnings or invalid, never counting a warned record as ready too", () => {
    // A stored batch of 3: 1 ready, 1 with warnings, 1 invalid. Its readyCount (the API's) is 2.
    const stored = { documentCount: 3, readyCount: 2, warningCount: 1, invalidCount: 1, processedCount: 0, errorCount: 0 };
    expect(intakeCountsOf(stored)).toEqual({ total: 3, ready: 1, warning: 1, invalid: 1 });
    expect(recordCountsText(en, recordCounts(stored))).toBe("3 records: 1 ready, 1 with warnings, 1 invalid");
  });

  it("adds what processing made and what failed, and writes figures as people read them", () => {
    const b = { documentCount: 1200, readyCount: 1200, warningCount: 0, invalidCount: 0, processedCount: 1100, errorCount: 3 };
    expect(recordCounts(b)).toMatchObject({ processing: true, made: 1097, failed: 3 });
    expect(recordCountsText(en, recordCounts(b))).toBe("1,200 records: 1,200 ready, 0 with warnings, 0 invalid; 1,097 made, 3 failed");
    expect(recordCountsText(en, recordCounts({ ...b, errorCount: 0 }))).toBe(
      "1,200 records: 1,200 ready, 0 with warnings, 0 invalid; 1,100 made",
    );
    expect(recordCountsText(en, { total: 1, ready: 1, warning: 0, invalid: 0, processing: false, made: 0, failed: 0 })).toBe(
      "1 record: 1 ready, 0 with warnings, 0 invalid",
    );
  });

  it("in the console's page language, as its figures are written there", () => {
    const b = { documentCount: 1200, readyCount: 1200, warningCount: 0, invalidCount: 0, processedCount: 1100, errorCount: 3 };
    expect(recordCountsText(translatorFor("de"), recordCounts(b))).toMatch(/^1\.200 Datensätze: 1\.200 bereit/);
  });
});
