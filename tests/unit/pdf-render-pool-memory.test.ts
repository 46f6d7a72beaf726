import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { readCorrelationId } from "@/lib/pdf/metadata";
import { closeRenderPool, renderFromTemplate } from "@/lib/pdf/render-pool";

const letter = (i: number) => ({ customerId: `C${i}`, name: `Customer ${i}`, amount: i, recipientEmail: `r${i}@example.test` });

// The heap cap is read when the pool starts: this file starts its own (vitest runs each file in a process of its own).
beforeAll(() => {
  process.env.TEMPLATES_DIR = path.resolve("tests/fixtures/templates");
  process.env.RENDER_THREADS = "2";
  process.env.RENDER_THREAD_HEAP_MB = "64";
  resetEnvCache();
});
afterAll(async () => {
  await closeRenderPool();
  for (const k of ["TEMPLATES_DIR", "RENDER_THREADS", "RENDER_THREAD_HEAP_MB"]) delete process.env[k];
  resetEnvCache();
});

describe("render pool with a heap cap", () => {
  it("fails a document that runs its thread out of memory as its own, and lays out elsewhere the documents that waited in that thread", async () => {
    const settledAt: Record<string, number> = {};
    const track = <T>(key: string, p: Promise<T>) => p.finally(() => (settledAt[key] = performance.now()));
    const huge = track(
      "huge",
      renderFromTemplate({
        templatePath: "letter.md",
        record: { ...letter(1), name: "word ".repeat(2_000_000) },
        meta: { correlationId: "huge", title: "t" },
      }),
    );
    const quick = Array.from({ length: 12 }, (_, i) =>
      track(
        `q${i}`,
        renderFromTemplate({ templatePath: "letter.md", record: letter(100 + i), meta: { correlationId: `after-${i}`, title: "t" } }),
      ),
    );
    await expect(huge).rejects.toThrow(/memory/i);
    const done = await Promise.all(quick);
    for (const [i, r] of done.entries()) expect(await readCorrelationId(r.pdf)).toBe(`after-${i}`);
    expect(quick.filter((_, i) => settledAt[`q${i}`] > settledAt.huge).length).toBeGreaterThan(0);
  }, 90_000); // filling a capped heap is slow, and far slower on a busy machine
});
