import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunksOf } from "@/lib/batch/process/render-chunk";

describe("chunksOf", () => {
  it("cuts a first run into ranges of the chunk size, and its last chunk's worth into quarters", () => {
    expect(
      chunksOf(
        Array.from({ length: 20 }, (_, i) => i),
        8,
      ),
    ).toEqual([
      { from: 0, count: 8 },
      { from: 8, count: 4 },
      { from: 12, count: 2 },
      { from: 14, count: 2 },
      { from: 16, count: 2 },
      { from: 18, count: 2 },
    ]);
    expect(chunksOf([0, 1, 2], 100)).toEqual([{ from: 0, count: 3 }]);
  });

  it("leaves no range of more than a quarter of the chunk size among the last chunk's worth of records", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(2000), { minLength: 1, maxLength: 400 }), fc.integer({ min: 1, max: 100 }), (raw, size) => {
        const pending = [...raw].sort((a, b) => a - b);
        const tail = pending.slice(-size);
        const chunks = chunksOf(pending, size).filter((c) => c.from >= tail[0]);
        expect(chunks.every((c) => c.count <= Math.ceil(size / 4))).toBe(true);
      }),
    );
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
