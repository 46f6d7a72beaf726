/**
 * Explain section of `npm run bench` (issue 10), also run alone with BENCH_ONLY=explain:
 * - capture overhead: the bench notice rendered 500 times traced and 500 times untraced in one
 *   render thread with the server's environment (React's production build), in pairs whose order
 *   alternates; the overhead is the median of the pairs' differences of the render's own time
 *   (timings.totalMs, measured in the thread), beside the untraced render as reference;
 * - what the trace costs after the render (assembly and JSON, off the request path) and its size,
 *   for the notice and the three-page statement, beside the PDF's size;
 * - reports through the API on a running server: the first request (made, laid out in a render
 *   thread, stored) and a cached one, beside react-pdf alone laying the same report out in the same
 *   kind of thread (first) and the trace JSON through the same route path (cached).
 */
import fs from "node:fs";
import path from "node:path";
import { Piscina } from "piscina";
import { assembleTrace, type Trace } from "@/lib/explain/assemble-trace";
import type { ReportInput } from "@/lib/explain/report/report-document";
import type { RenderResult, RenderTask } from "@/lib/pdf/render-task";
import { templateVersion as versionOf } from "@/lib/templates/load-template";
import { eventually, startStack, type Stack } from "../tests/support/stack";
import { noticeRecord, statementRecord } from "./documents";
import { line, percentile } from "./workflow";

const RENDERS = Number(process.env.BENCH_EXPLAIN_RENDERS || 500);
const REPORTS = Number(process.env.BENCH_EXPLAIN_REPORTS || 20);
const WARM = 30;
const median = (xs: number[]) => percentile(xs, 50);
const f2 = (x: number) => x.toFixed(2);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function traceOf(r: RenderResult, correlationId: string): Trace {
  return assembleTrace({
    correlationId,
    tenantId: "bench",
    kind: "single",
    requestedBy: "features.explainDocument",
    template: r.template!,
    timings: r.timings,
    facts: r.explain!,
    createdAt: new Date(),
  });
}

async function captureOverhead(pool: Piscina<RenderTask, RenderResult>, lines: string[]) {
  const template = "notice.md";
  const templateVersion = versionOf(fs.readFileSync(path.join("bench/templates", template), "utf8"));
  const render = (i: number, explain: boolean) =>
    pool.run({
      templatePath: template,
      templateVersion,
      record: noticeRecord(i),
      meta: { correlationId: `bench-${i}`, title: "Notice", documentId: null },
      explain,
    });
  for (let i = 0; i < WARM; i++) await render(i, i % 2 === 0);
  const plain: number[] = [];
  const traced: number[] = [];
  const diffs: number[] = [];
  const inRender: number[] = [];
  const after: number[] = [];
  const sizes: number[] = [];
  const pdfSizes: number[] = [];
  for (let i = 0; i < RENDERS; i++) {
    // Alternate which goes first, so that warming and GC fall on both alike.
    const first = await render(i, i % 2 === 1);
    const second = await render(i, i % 2 === 0);
    const [t, p] = i % 2 === 1 ? [first, second] : [second, first];
    plain.push(p.timings.totalMs);
    traced.push(t.timings.totalMs);
    diffs.push(t.timings.totalMs - p.timings.totalMs);
    inRender.push(t.explain!.captureMs);
    const t0 = performance.now();
    const json = JSON.stringify(traceOf(t, `bench-${i}`));
    after.push(performance.now() - t0);
    sizes.push(Buffer.byteLength(json));
    pdfSizes.push(t.pdf.byteLength);
  }
  const overhead = median(diffs);
  lines.push(
    `Capture overhead per render, notice (n=${RENDERS} pairs): median traced − untraced ${f2(overhead)} ms (capture's own clock ${f2(median(inRender))} ms) | untraced render ${f2(median(plain))} ms, traced ${f2(median(traced))} ms | ratio ${(median(traced) / median(plain)).toFixed(3)}; target ≤ 0.5 ms: ${overhead <= 0.5 ? "met" : "NOT met"}`,
  );
  lines.push(
    `Trace after the render (assembly + JSON, off the request path), notice: median ${f2(median(after))} ms | trace ${kb(median(sizes))} beside its PDF ${kb(median(pdfSizes))} (spec: 50–200 KB per trace)`,
  );

  const statementVersion = versionOf(fs.readFileSync(path.join("bench/templates", "statement.md"), "utf8"));
  const stSizes: number[] = [];
  const stPdf: number[] = [];
  for (let i = 0; i < 20; i++) {
    const r = await pool.run({
      templatePath: "statement.md",
      templateVersion: statementVersion,
      record: statementRecord(i),
      meta: { correlationId: `st-${i}`, title: "Statement", documentId: null },
      explain: true,
    });
    stSizes.push(Buffer.byteLength(JSON.stringify(traceOf(r, `st-${i}`))));
    stPdf.push(r.pdf.byteLength);
  }
  lines.push(`Trace size, three-page statement with 60 items (n=20): median ${kb(median(stSizes))} beside its PDF ${kb(median(stPdf))}`);
}

async function reports(stack: Stack, pool: Piscina<RenderTask, RenderResult>, lines: string[]) {
  {
    const ids: string[] = [];
    for (let i = 0; i < REPORTS + 2; i++) {
      const correlationId = `bench-report-${i}-${Date.now()}`;
      const res = await stack.api("submitter", "POST", "/api/render", {
        templatePath: "statement.md",
        dataSource: statementRecord(i),
        options: { correlationId },
        features: { explainDocument: true },
      });
      if (res.status !== 200) throw new Error(`render answered ${res.status}`);
      await res.arrayBuffer();
      ids.push(correlationId);
    }
    for (const id of ids)
      await eventually(
        async () => (await stack.api("submitter", "GET", `/api/explain/trace?id=${id}`)).status === 200,
        30_000,
        "trace stored",
      );
    const timed = async (p: string, method = "GET", body?: unknown) => {
      const t0 = performance.now();
      const res = await stack.api("submitter", method, p, body);
      const bytes = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
      return { ms: performance.now() - t0, res, bytes };
    };
    // Two warm-ups: the route, the report code in the render threads.
    for (const id of ids.slice(0, 2)) await timed(`/api/explain/generate-pdf?id=${id}&mode=detailed`);
    const first: Record<"summary" | "detailed", number[]> = { summary: [], detailed: [] };
    const cached: number[] = [];
    const traceRef: number[] = [];
    const alone: Record<"summary" | "detailed", number[]> = { summary: [], detailed: [] };
    for (const id of ids.slice(2)) {
      const trace = JSON.parse(Buffer.from((await timed(`/api/explain/trace?id=${id}`)).bytes).toString("utf8")) as Trace;
      for (const mode of ["summary", "detailed"] as const) {
        const made = await timed(`/api/explain/generate-pdf?id=${id}&mode=${mode}`);
        if (made.res.headers.get("x-svc-report-cache") !== "miss") throw new Error("expected a first generation");
        first[mode].push(made.ms);
        const input: ReportInput = { trace, mode, scorecard: false, templateLines: null, generatedAt: new Date().toISOString() };
        const t0 = performance.now();
        await pool.run(input as never, { name: "renderExplainReport" });
        alone[mode].push(performance.now() - t0);
      }
      for (let k = 0; k < 5; k++) {
        const hit = await timed(`/api/explain/generate-pdf?id=${id}&mode=summary`);
        if (hit.res.headers.get("x-svc-report-cache") !== "hit") throw new Error("expected a cached report");
        cached.push(hit.ms);
        traceRef.push((await timed(`/api/explain/trace?id=${id}`)).ms);
      }
    }
    lines.push(
      line(
        `Report, first generation, summary of a statement trace`,
        first.summary,
        "react-pdf alone, same report, render thread",
        alone.summary,
        { p99: 500 },
      ),
    );
    lines.push(
      line(`Report, first generation, detailed`, first.detailed, "react-pdf alone, same report, render thread", alone.detailed, {
        p99: 500,
      }),
    );
    lines.push(line(`Report from the cache`, cached, "GET /api/explain/trace of the same trace", traceRef, { p99: 20 }));
  }
}

export async function explainBench(lines: string[]) {
  const stack = await startStack({ db: "postgres", env: { JOB_POLL_MS: "250" } });
  for (const f of fs.readdirSync("bench/templates")) fs.copyFileSync(path.join("bench/templates", f), path.join(stack.templatesDir, f));
  // One thread with the server's environment (React's production build), for both sides of each comparison.
  const pool = new Piscina<RenderTask, RenderResult>({
    filename: path.resolve("lib/pdf/render-worker.mjs"),
    minThreads: 1,
    maxThreads: 1,
    env: { ...stack.env, TEMPLATES_DIR: path.resolve("bench/templates") },
  });
  try {
    await captureOverhead(pool, lines);
    await reports(stack, pool, lines);
  } finally {
    await pool.destroy();
    await stack.stop();
  }
}
