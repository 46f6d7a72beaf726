import { describe, expect, it } from "vitest";
import { contrastLevel, contrastRatio, isLargeText, worstLevel } from "@/lib/explain/contrast";
import { checkHeadings } from "@/lib/explain/headings";

describe("contrast by WCAG 2.x relative luminance", () => {
  it("gives the known ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBe(21);
    expect(contrastRatio("#ffffff", "#000000")).toBe(21); // order does not matter
    expect(contrastRatio("#1f3a5f", "#1f3a5f")).toBe(1);
    // #767676 is the lightest grey that passes AA on white; #777777 just fails it.
    expect(contrastRatio("#767676", "#ffffff")).toBe(4.54);
    expect(contrastRatio("#777777", "#ffffff")).toBe(4.47);
    expect(contrastRatio("#595959", "#ffffff")).toBe(7);
    expect(contrastRatio("#ff0000", "#ffffff")).toBe(3.99);
  });

  it("grades normal text at 4.5 and 7, large text at 3 and 4.5", () => {
    expect(contrastLevel(4.49, false)).toBe("FAIL");
    expect(contrastLevel(4.5, false)).toBe("AA");
    expect(contrastLevel(7, false)).toBe("AAA");
    expect(contrastLevel(2.99, true)).toBe("FAIL");
    expect(contrastLevel(3, true)).toBe("AA");
    expect(contrastLevel(4.5, true)).toBe("AAA");
    expect(worstLevel(["AAA", "FAIL", "AA"])).toBe("FAIL");
    expect(worstLevel([])).toBeNull();
  });

  it("counts 18 pt, or 14 pt bold, as large text", () => {
    expect(isLargeText(18, false)).toBe(true);
    expect(isLargeText(17.9, false)).toBe(false);
    expect(isLargeText(14, true)).toBe(true);
    expect(isLargeText(13.9, true)).toBe(false);
  });
});

describe("heading hierarchy", () => {
  it("passes an outline that descends one level at a time and climbs freely", () => {
    const r = checkHeadings([{ depth: 1 }, { depth: 2 }, { depth: 3 }, { depth: 2 }, { depth: 2 }, { depth: 3 }, { depth: 2 }]);
    expect(r).toMatchObject({ skippedLevels: [], topLevelCount: 1, result: "PASS" });
  });

  it("reports a skipped level with the heading that skips", () => {
    const r = checkHeadings([{ depth: 1, text: "A", line: 1 }, { depth: 3, text: "B", line: 5 }, { depth: 4 }]);
    expect(r.skippedLevels).toEqual([{ from: 1, to: 3, text: "B", line: 5 }]);
    expect(r.result).toBe("FAIL");
  });

  it("fails more than one top heading, and notes an outline that starts below level 1", () => {
    expect(checkHeadings([{ depth: 1 }, { depth: 2 }, { depth: 1 }])).toMatchObject({ topLevelCount: 2, result: "FAIL" });
    expect(checkHeadings([{ depth: 2 }, { depth: 3 }])).toMatchObject({ startsBelowTop: true, skippedLevels: [], result: "PASS" });
    expect(checkHeadings([]).result).toBe("NONE");
  });
});
