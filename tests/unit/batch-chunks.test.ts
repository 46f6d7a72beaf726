import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunksOf } from "@/lib/batch/process/render-chunk";

describe("chunksOf", () => {
  it("cuts a first run into ranges of exactly the chunk size", () => {
    expect(chunksOf([0, 1, 2, 3, 4, 5, 6], 3)).toEqual([
      { from: 0, count: 3 },
      { from: 3, count: 3 },
      { from: 6, count: 1 },
    ]);
  });

  it("covers every pending index exactly once, in ranges no larger than the chunk size", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(500), { maxLength: 200 }), fc.integer({ min: 1, max: 60 }), (raw, size) => {
        const pending = [...raw].sort((a, b) => a - b);
        const chunks = chunksOf(pending, size);
        const covered = chunks.flatMap((c) => pending.filter((i) => i >= c.from && i < c.from + c.count));
        expect(covered).toEqual(pending);
        expect(chunks.every((c) => c.count >= 1 && c.count <= size)).toBe(true);
      }),
    );
  });
});
