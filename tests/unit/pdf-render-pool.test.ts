import fs from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { readCorrelationId, readXmpField } from "@/lib/pdf/metadata";
import { loadTemplate } from "@/lib/templates/load-template";
import { closeRenderPool, renderFromTemplate, renderToBlob } from "@/lib/pdf/render-pool";
import { createTempDataDir } from "../support/test-db";

const letter = (i: number) => ({ customerId: `C${i}`, name: `Customer ${i}`, amount: i, recipientEmail: `r${i}@example.test` });

// Before the pool starts: its threads take the environment they start with (where they store PDFs).
const data = createTempDataDir();
beforeAll(() => {
  process.env.DATA_DIR = data.dir;
  process.env.TEMPLATES_DIR = path.resolve("tests/fixtures/templates");
  process.env.RENDER_THREADS = "2";
  resetEnvCache();
});
afterAll(async () => {
  await closeRenderPool();
  delete process.env.TEMPLATES_DIR;
  delete process.env.RENDER_THREADS;
  delete process.env.DATA_DIR;
  resetEnvCache();
  data.remove();
});

describe("render pool (worker threads)", () => {
  it("renders documents in parallel, each with its own correlation id, and times every stage", async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        renderFromTemplate({ templatePath: "letter.md", record: letter(i), meta: { correlationId: `pool-${i}`, title: `Letter ${i}` } }),
      ),
    );
    const { version } = await loadTemplate("letter.md");
    for (const [n, r] of results.entries()) {
      expect(await readXmpField(r.pdf, "TemplateVersion")).toBe(version);
      const doc = await PDFDocument.load(r.pdf, { updateMetadata: false });
      expect(doc.getTitle()).toBe(`Letter ${n + 1}`);
      expect(await readCorrelationId(r.pdf)).toBe(`pool-${n + 1}`);
      const t = r.timings;
      for (const stage of [t.templateLoadMs, t.dataBindingMs, t.layoutMs, t.postProcessingMs]) expect(stage).toBeGreaterThanOrEqual(0);
      expect(t.totalMs).toBeCloseTo(t.templateLoadMs + t.dataBindingMs + t.layoutMs + t.postProcessingMs, 0);
    }
  });

  it("stops a render that takes longer than RENDER_TIMEOUT_MS, and keeps serving after it", async () => {
    process.env.RENDER_TIMEOUT_MS = "1";
    resetEnvCache();
    try {
      // A layout of seconds: a plain letter can be laid out before a loaded host runs the 1 ms check.
      await expect(
        renderFromTemplate({
          templatePath: "letter.md",
          record: { ...letter(5), name: "word ".repeat(50_000) },
          meta: { correlationId: "slow", title: "t" },
        }),
      ).rejects.toThrow("Rendering took longer than 1 ms and was stopped");
    } finally {
      delete process.env.RENDER_TIMEOUT_MS;
      resetEnvCache();
    }
    const ok = await renderFromTemplate({
      templatePath: "letter.md",
      record: letter(6),
      meta: { correlationId: "after-timeout", title: "t" },
    });
    expect(await readCorrelationId(ok.pdf)).toBe("after-timeout");
  });

  it("stops only the overrunning render: documents handed to its thread behind it are laid out elsewhere", async () => {
    // Each thread holds a second task while it lays out the first; the one queued behind a runaway
    // layout must not fail with the thread that is stopped under it.
    const timeoutMs = 1_500;
    process.env.RENDER_TIMEOUT_MS = String(timeoutMs);
    resetEnvCache();
    try {
      const settledAt: Record<string, number> = {};
      const track = <T>(key: string, p: Promise<T>) => p.finally(() => (settledAt[key] = performance.now()));
      const runaway = track(
        "runaway",
        renderFromTemplate({
          templatePath: "letter.md",
          record: { ...letter(7), name: "word ".repeat(200_000) },
          meta: { correlationId: "runaway", title: "t" },
        }),
      );
      const quick = Array.from({ length: 12 }, (_, i) =>
        track(
          `q${i}`,
          renderFromTemplate({ templatePath: "letter.md", record: letter(200 + i), meta: { correlationId: `behind-${i}`, title: "t" } }),
        ),
      );
      await expect(runaway).rejects.toThrow(`Rendering took longer than ${timeoutMs} ms and was stopped`);
      const done = await Promise.all(quick);
      for (const [i, r] of done.entries()) expect(await readCorrelationId(r.pdf)).toBe(`behind-${i}`);
      // At least one of them waited in the runaway's thread (it settled only once that thread was stopped).
      expect(quick.filter((_, i) => settledAt[`q${i}`] > settledAt.runaway).length).toBeGreaterThan(0);
    } finally {
      delete process.env.RENDER_TIMEOUT_MS;
      resetEnvCache();
    }
  });

  it("times a render from its start, not from when it was queued: a long queue of quick documents all succeed", async () => {
    // Both threads up (one may be a replacement still booting after the timeout test) and warm.
    const warm = await Promise.all(
      [10, 11, 12, 13].map((i) =>
        renderFromTemplate({ templatePath: "letter.md", record: letter(i), meta: { correlationId: "probe", title: "t" } }),
      ),
    );
    const one = warm.at(-1)!;
    // A timeout of many layouts, and a queue three times that long: timed from the queue, most would fail.
    const timeoutMs = Math.max(1000, Math.ceil(one.timings.totalMs * 20));
    const queued = Math.ceil((3 * timeoutMs * 2) / Math.max(one.timings.totalMs, 1));
    process.env.RENDER_TIMEOUT_MS = String(timeoutMs);
    resetEnvCache();
    try {
      const results = await Promise.allSettled(
        Array.from({ length: queued }, (_, i) =>
          renderFromTemplate({ templatePath: "letter.md", record: letter(100 + i), meta: { correlationId: `q-${i}`, title: "t" } }),
        ),
      );
      expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    } finally {
      delete process.env.RENDER_TIMEOUT_MS;
      resetEnvCache();
    }
  });

  it("rejects with the template's own error, and keeps serving after it", async () => {
    await expect(
      renderFromTemplate({ templatePath: "missing.md", record: letter(1), meta: { correlationId: "x", title: "x" } }),
    ).rejects.toThrow("No template missing.md");
    await expect(
      renderFromTemplate({ templatePath: "../package.json", record: letter(1), meta: { correlationId: "x", title: "x" } }),
    ).rejects.toThrow();
    const ok = await renderFromTemplate({ templatePath: "letter.md", record: letter(9), meta: { correlationId: "after", title: "t" } });
    expect(await readCorrelationId(ok.pdf)).toBe("after");
  });

  it("stores a batch record's PDF from the render thread, whole and under its key, and reports a storage failure apart from render errors", async () => {
    const records = path.join(data.dir, "blobs/batches/b-pool/records");
    const stored = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        renderToBlob({
          templatePath: "letter.md",
          record: letter(i),
          meta: { correlationId: `blob-${i}`, title: "t" },
          blobKey: `batches/b-pool/records/${i}.pdf`,
        }),
      ),
    );
    // Only the four documents: every temporary file was renamed into place.
    expect(fs.readdirSync(records).sort()).toEqual(["0.pdf", "1.pdf", "2.pdf", "3.pdf"]);
    for (const [i, r] of stored.entries()) {
      const bytes = fs.readFileSync(path.join(records, `${i}.pdf`));
      expect(r).toMatchObject({ byteSize: bytes.byteLength });
      expect(r).not.toHaveProperty("pdf");
      expect(await readCorrelationId(new Uint8Array(bytes))).toBe(`blob-${i}`);
    }

    // The store's folder is a file: the write fails, and the caller learns it was the store, not the record.
    fs.writeFileSync(path.join(data.dir, "blobs/batches/b-blocked"), "not a folder");
    const blocked = await renderToBlob({
      templatePath: "letter.md",
      record: letter(5),
      meta: { correlationId: "blocked", title: "t" },
      blobKey: "batches/b-blocked/records/0.pdf",
    });
    expect(blocked).toEqual({ storageError: expect.stringMatching(/ENOTDIR|EEXIST/) });
    // A render error still rejects, as the record's own.
    await expect(
      renderToBlob({
        templatePath: "missing.md",
        record: letter(6),
        meta: { correlationId: "x", title: "x" },
        blobKey: "batches/b-pool/records/9.pdf",
      }),
    ).rejects.toThrow("No template missing.md");
    expect(fs.existsSync(path.join(records, "9.pdf"))).toBe(false);
  });
});

/** Renders `count` records of a batch at once, as a chunk does, and notes each one's finish in `finished`. */
function chunk(tenant: string, batch: string, count: number, finished: string[]) {
  return Array.from({ length: count }, (_, i) =>
    renderToBlob(
      {
        templatePath: "letter.md",
        record: letter(i),
        meta: { correlationId: `${batch}-${i}`, title: "t" },
        blobKey: `batches/${batch}/records/${i}.pdf`,
      },
      { tenant, batch },
    ).then(() => finished.push(batch)),
  );
}

describe("render threads shared between batches", () => {
  beforeAll(async () => {
    // The first render starts the thread and compiles the render code; the order below is about turns, not that.
    await renderFromTemplate({ templatePath: "letter.md", record: letter(0), meta: { correlationId: "warm", title: "t" } });
  });

  it("renders a small batch's records in turn with a large chunk handed over before them, another tenant's or the same one's", async () => {
    for (const tenant of ["tenant-b", "tenant-a"]) {
      const finished: string[] = [];
      const big = chunk("tenant-a", `big-${tenant}`, 30, finished);
      const small = chunk(tenant, `small-${tenant}`, 4, finished);
      await Promise.all([...big, ...small]);
      // In arrival order the small batch's four would finish last, after all thirty (index 30 and up);
      // in turn, each is let in after at most one more of the large chunk's than before it, past the six
      // the threads hold (the last the 13th let in), and finishes at most the six in flight later.
      const lastSmall = finished.lastIndexOf(`small-${tenant}`);
      expect(lastSmall, finished.join(" ")).toBeLessThan(6 + 4 * 2 + 6);
    }
  });

  it("lets a render of no batch (a sealed record, a receipt) in after one turn, not after the queue", async () => {
    const finished: string[] = [];
    const big = chunk("tenant-a", "big-alone", 30, finished);
    const alone = renderFromTemplate({ templatePath: "letter.md", record: letter(1), meta: { correlationId: "alone", title: "t" } }).then(
      () => finished.push("alone"),
    );
    await Promise.all([...big, alone]);
    // Let in after one turn (the 7th), it finishes at most the six in flight later; in arrival order it would be last.
    expect(finished.indexOf("alone"), finished.join(" ")).toBeLessThan(6 + 1 + 6);
  });
});
