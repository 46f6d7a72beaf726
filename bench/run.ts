/**
 * `npm run bench` (after `npm run build`): Sealpost end to end against the renderer's own limit, on
 * realistic documents (bench/templates: a one-page notice, a three-page statement), in the same run
 * on the same machine, plus intake latency and how long other requests wait behind a large intake;
 * then the workflow section (bench/workflow.ts, on a stack of its own). PostgreSQL, the built server
 * with its embedded runner and render threads, a real SMTP server and IdP on loopback, all on this
 * machine's cores. BENCH_BIG=1 adds a 10,000-record notice batch. BENCH_ONLY=responsiveness runs
 * only the intake checks, BENCH_ONLY=documents the document section, BENCH_ONLY=workflow only the
 * workflow section, BENCH_ONLY=console only the console section (bench/console.ts), BENCH_ONLY=explain
 * only the explain section (bench/explain.ts), BENCH_ONLY=esign only the e-signature section (bench/esign.ts), BENCH_ONLY=cli only the CLI section (bench/cli.ts), BENCH_ONLY=templates only the templates section (bench/templates.ts), BENCH_ONLY=scale only the several-machines section (bench/scale.ts: S3 beside the local folder, two workers beside one, sizing), BENCH_ONLY=tagged only the tagged-PDF section (bench/tagged.ts), BENCH_ONLY=fairness only the fairness section (bench/fairness.ts: a small batch beside a large one), BENCH_ONLY=languages only the languages section (bench/languages.ts: pages in Arabic and Japanese beside English, the catalogues sent to the browser). BENCH_DOCUMENT=statement.md (or notice.md) measures only that document.
 * BENCH_SERVER_NODE_ARGS (say `--cpu-prof --cpu-prof-dir=/tmp/prof`) goes to every server the bench starts.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import type { RenderResult, RenderTask } from "@/lib/pdf/render-task";
import { templateVersion as versionOf } from "@/lib/templates/load-template";
import { startStack, type Stack } from "../tests/support/stack";
import { endToEnd, helperThreadsCpuMs, median, procStatus, range, settle } from "./measure";
import { cliBench } from "./cli";
import { templatesBench } from "./templates";
import { scaleBench } from "./scale";
import { taggedBench } from "./tagged";
import { consoleBench } from "./console";
import { esignBench } from "./esign";
import { explainBench } from "./explain";
import { fairnessBench } from "./fairness";
import { languagesBench } from "./languages";
import { benchDocuments, noticeRecord } from "./documents";
import type { HandFaces } from "./hand-notice";
import { workflowBench } from "./workflow";

type BenchDocument = (typeof benchDocuments)[number];

/**
 * Paired runs per document (Sealpost end to end, and the renderer alone just before or after it). On a
 * shared host the speed of the whole machine drifts by ±20% within minutes, so a single pair says
 * little; five pairs, in alternating order so that a drift favours neither side, and their median.
 */
const RUNS = 5;
const threads = Number(process.env.RENDER_THREADS || os.availableParallelism());

/**
 * The renderer's own limit: the same records through the same render code in `threads` worker
 * threads, no service around it. Each document is the one Sealpost makes of the record: its title,
 * and a correlation id (a UUID, drawn in the footer and stamped in the metadata) of its own.
 */
async function rendererAlone(pool: Piscina<RenderTask, RenderResult>, doc: BenchDocument, n: number, offset: number) {
  const { template, record, title } = doc;
  // As the server's chunks do: by version, so the parsed template is reused and the file not read again.
  const templateVersion = versionOf(fs.readFileSync(path.join("bench/templates", template), "utf8"));
  const cpu0 = process.cpuUsage();
  const helpers0 = helperThreadsCpuMs(process.pid);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      pool.run({
        templatePath: template,
        templateVersion,
        record: record(offset + i) as Record<string, unknown>,
        meta: { correlationId: randomUUID(), title: title(offset + i), documentId: null },
      }),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return {
    docsPerSecond: n / seconds,
    cpuMsPerDoc: (cpu.user + cpu.system) / 1000 / n,
    kernelMsPerDoc: cpu.system / 1000 / n,
    helperThreadsMsPerDoc: (helperThreadsCpuMs(process.pid) - helpers0) / n,
  };
}

const HAND_FACES: HandFaces[] = ["builtIn", "embedded"];

/** The notice written by hand in react-pdf (bench/hand-notice.tsx), in the same number of threads and in `faces`. */
async function handWritten(pool: Piscina<object, number>, n: number, offset: number, faces: HandFaces) {
  const t0 = performance.now();
  await Promise.all(Array.from({ length: n }, (_, i) => pool.run({ record: noticeRecord(offset + i), faces })));
  return { docsPerSecond: n / ((performance.now() - t0) / 1000) };
}

/**
 * How long a request waits while another sends a large or hostile intake: a cheap authenticated read
 * is sent back to back (one at a time) during the intake, and its worst latency is compared with the
 * same probe's on an idle server, in the same run.
 */
async function responsiveness(stack: Stack, label: string, body: () => string) {
  const probe = async (untilDone: Promise<unknown>) => {
    const latencies: number[] = [];
    let done = false;
    void untilDone.finally(() => (done = true));
    while (!done) {
      const t0 = performance.now();
      await (await stack.api("submitter", "GET", "/api/dispatch/batch?limit=1")).arrayBuffer();
      latencies.push(performance.now() - t0);
    }
    return latencies;
  };
  const idle = await probe(new Promise((r) => setTimeout(r, 1_500)));
  const t0 = performance.now();
  const intakeDone = stack.api("submitter", "POST", "/api/render", body()).then(async (res) => {
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  });
  const during = await probe(intakeDone);
  const intake = await intakeDone;
  const max = (xs: number[]) => Math.max(...xs);
  return `${label}: answered ${intake.status} in ${intake.ms.toFixed(0)} ms; a concurrent request waited at most ${max(during).toFixed(0)} ms (p50 ${median(during).toFixed(0)}, ${during.length} requests) vs ${max(idle).toFixed(0)} ms (p50 ${median(idle).toFixed(0)}) on the idle server (target ≤ 100 ms)`;
}

async function intakeLatency(stack: Stack, n: number, runs: number, offset: number): Promise<number> {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const body = JSON.stringify({
      templatePath: "notice.md",
      dataSource: Array.from({ length: n }, (_, i) => noticeRecord(offset + r * n + i)),
      features: { svcDispatch: true },
      templateSettings: { distribution: { requireApproval: true } },
    });
    const t0 = performance.now();
    const res = await stack.api("submitter", "POST", "/api/render", body);
    await res.arrayBuffer();
    if (res.status !== 202) throw new Error(`intake answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  return median(times.slice(1)); // the first run warms the server up
}

async function documentBench(lines: string[]) {
  // Production settings where the test stack has its own (tests poll jobs every 50 ms and lease for 3 s).
  const stack = await startStack({ db: "postgres", env: { BATCH_MAX_RECORDS: "10000", JOB_LEASE_MS: "60000", JOB_POLL_MS: "250" } });
  for (const f of fs.readdirSync("bench/templates")) fs.copyFileSync(path.join("bench/templates", f), path.join(stack.templatesDir, f));
  process.env.TEMPLATES_DIR = path.resolve("bench/templates");
  // The reference threads run as the server's do: React's production build, the same environment,
  // a second task held by each thread while it lays out the first.
  const pool = new Piscina<RenderTask, RenderResult>({
    filename: path.resolve("lib/pdf/render-worker.mjs"),
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: 2,
    env: { ...stack.env, TEMPLATES_DIR: path.resolve("bench/templates") },
  });
  const handPool = new Piscina<object, number>({
    filename: path.resolve("bench/hand-worker.mjs"),
    minThreads: threads,
    maxThreads: threads,
    env: stack.env,
  });
  lines.push(`${os.availableParallelism()} cores, ${threads} render threads on both sides; ${RUNS} runs each, median and range`);
  try {
    const pendingApproval = (n: number, offset: number) =>
      JSON.stringify({
        templatePath: "notice.md",
        dataSource: Array.from({ length: n }, (_, i) => noticeRecord(offset + i)),
        features: { svcDispatch: true },
        templateSettings: { distribution: { requireApproval: true } },
      });
    const huge = "y".repeat(1 << 20);
    const hostile = () =>
      JSON.stringify({
        templatePath: "notice.md",
        features: { svcDispatch: true },
        dataSource: [{ ...noticeRecord(1), customerName: huge, recipientEmail: huge }],
      });
    await responsiveness(stack, "warm-up", () => pendingApproval(500, 1_000_000));
    lines.push(await responsiveness(stack, "intake of 5,000 notice records (target ≤ 3 s)", () => pendingApproval(5000, 2_000_000)));
    lines.push(await responsiveness(stack, "intake with a 1 MB string in two fields", hostile));
    lines.push(`server peak RSS after the intakes ${procStatus(stack.serverPid()!, "VmHWM").toFixed(0)} MB`);
    if (process.env.BENCH_ONLY === "responsiveness") return;
    lines.push(`intake of 100 records: p50 ${(await intakeLatency(stack, 100, 11, 3_000_000)).toFixed(0)} ms (target ≤ 250)`);
    lines.push(`intake of 1,000 records: p50 ${(await intakeLatency(stack, 1000, 6, 4_000_000)).toFixed(0)} ms (target ≤ 2000)`);

    let offset = 10_000_000;
    for (const doc of benchDocuments.filter((d) => !process.env.BENCH_DOCUMENT || d.template === process.env.BENCH_DOCUMENT)) {
      const n = doc.template === "notice.md" ? 1000 : 300;
      // Warm both sides alike (JIT, fonts, template caches, the chunk size learnt from the template's
      // last batch) on a third of a measured batch each: after a short warm-up the first measured
      // batch of a fresh server is slower than the next ones (render threads and main
      // thread both), and the reference's is not.
      const warm = Math.round(n / 3);
      await rendererAlone(pool, doc, warm, (offset += 100_000));
      await endToEnd(stack, doc.template, doc.record, warm, (offset += 100_000));
      const withHand = doc.template === "notice.md";
      if (withHand) for (const faces of HAND_FACES) await handWritten(handPool, 50, offset, faces);
      const ref: Array<Awaited<ReturnType<typeof rendererAlone>>> = [];
      const e2e: Array<Awaited<ReturnType<typeof endToEnd>>> = [];
      const hand: Record<HandFaces, number[]> = { builtIn: [], embedded: [] };
      for (let r = 0; r < RUNS; r++) {
        const alone = () =>
          settle()
            .then(() => rendererAlone(pool, doc, n, (offset += 100_000)))
            .then((x) => ref.push(x));
        const sealpost = () =>
          settle()
            .then(() => endToEnd(stack, doc.template, doc.record, n, (offset += 100_000)))
            .then((x) => e2e.push(x));
        if (r % 2) await sealpost().then(alone);
        else await alone().then(sealpost);
        // The two hand-written pages take turns going first, as the two sides above do.
        if (withHand)
          for (const faces of r % 2 ? [...HAND_FACES].reverse() : HAND_FACES)
            hand[faces].push((await handWritten(handPool, n, (offset += 100_000), faces)).docsPerSecond);
      }
      const ratios = e2e.map((e, i) => e.docsPerSecond / ref[i].docsPerSecond);
      const m = (xs: number[]) => median(xs).toFixed(1);
      lines.push(
        `${doc.name}, ${n} records: Sealpost end to end ${m(e2e.map((e) => e.docsPerSecond))} docs/s (${range(e2e.map((e) => e.docsPerSecond))}) ` +
          `vs render threads alone ${m(ref.map((r) => r.docsPerSecond))} docs/s (${range(ref.map((r) => r.docsPerSecond))}): ` +
          `ratio ${median(ratios).toFixed(3)} (${range(ratios, 2)}; target ≥ 0.85; in run order ${ratios.map((x) => x.toFixed(2)).join(", ")})`,
        // "Around the renderer" is the server's CPU per record (every thread) less what the same render code costs alone, run by run.
        `  CPU per record: Sealpost server ${m(e2e.map((e) => e.cpuMsPerDoc))} ms (its main thread ${median(e2e.map((e) => e.mainThreadMsPerDoc)).toFixed(2)} ms), render threads alone ${m(ref.map((r) => r.cpuMsPerDoc))} ms, ` +
          `so ${m(e2e.map((e, i) => e.cpuMsPerDoc - ref[i].cpuMsPerDoc))} ms (${range(e2e.map((e, i) => e.cpuMsPerDoc - ref[i].cpuMsPerDoc))}) around the renderer; ` +
          `of all that in the kernel: server ${median(e2e.map((e) => e.kernelMsPerDoc)).toFixed(2)} ms, alone ${median(ref.map((r) => r.kernelMsPerDoc)).toFixed(2)} ms; ` +
          // Garbage collection a render thread hands to V8's helpers (RENDER_THREAD_HEAP_MB changes how often: docs/operations.md).
          `in V8's helper threads (GC marking and sweeping, compiling): server ${m(e2e.map((e) => e.helperThreadsMsPerDoc))} ms, alone ${m(ref.map((r) => r.helperThreadsMsPerDoc))} ms; ` +
          `server RSS now ${procStatus(stack.serverPid()!, "VmRSS").toFixed(0)} MB, peak ${procStatus(stack.serverPid()!, "VmHWM").toFixed(0)} MB`,
        // On a machine whose cores are all busy, every ms of CPU outside layout is taken from the render threads.
        `  besides the server: PostgreSQL ${m(e2e.map((e) => e.postgresMsPerDoc))} ms, the SMTP server and client (this process) ${m(e2e.map((e) => e.benchMsPerDoc))} ms per record; ` +
          `machine busy ${(100 * median(e2e.map((e) => e.machineBusy))).toFixed(0)}% of ${os.availableParallelism()} cores during the end-to-end runs`,
      );
      if (withHand) {
        for (const faces of HAND_FACES) {
          const vsHand = e2e.map((e, i) => e.docsPerSecond / hand[faces][i]);
          const label =
            faces === "embedded"
              ? "in the fonts Sealpost embeds (Arimo; the same document)"
              : "in the built-in Helvetica (nothing embedded)";
          lines.push(
            `  the same page written by hand in react-pdf (render footer) ${label}, threads alone: ${m(hand[faces])} docs/s (${range(hand[faces])}); Sealpost end to end ÷ that: ${median(vsHand).toFixed(2)} (${range(vsHand, 2)})`,
          );
        }
      }
    }
    lines.push(`server peak RSS ${procStatus(stack.serverPid()!, "VmHWM").toFixed(0)} MB`);
    if (process.env.BENCH_BIG) {
      const big = await endToEnd(stack, "notice.md", noticeRecord, 10_000, (offset += 100_000));
      lines.push(
        `10,000-record notice batch: ${big.docsPerSecond.toFixed(1)} docs/s end to end, server peak RSS ${procStatus(stack.serverPid()!, "VmHWM").toFixed(0)} MB (target ≤ 1024)`,
      );
    }
  } finally {
    await Promise.all([pool.destroy(), handPool.destroy()]);
    await stack.stop();
  }
}

const sections = [
  "responsiveness",
  "documents",
  "workflow",
  "console",
  "explain",
  "esign",
  "cli",
  "templates",
  "scale",
  "tagged",
  "fairness",
  "languages",
];

async function main() {
  // Named first, so that the threads started from here on carry this name and V8's helper threads,
  // started with the process, keep Node's (see helperThreadsCpuMs).
  process.title = "sealpost-bench";
  const only = process.env.BENCH_ONLY;
  if (only && !sections.includes(only)) throw new Error(`BENCH_ONLY must be one of ${sections.join(", ")}`);
  const lines: string[] = [];
  try {
    if (!only || only === "responsiveness" || only === "documents") await documentBench(lines);
    if (!only || only === "workflow") {
      if (lines.length) lines.push("");
      await workflowBench(lines);
    }
    if (!only || only === "console") {
      if (lines.length) lines.push("");
      await consoleBench(lines);
    }
    if (!only || only === "explain") {
      if (lines.length) lines.push("");
      await explainBench(lines);
    }
    if (!only || only === "esign") {
      if (lines.length) lines.push("");
      await esignBench(lines);
    }
    if (!only || only === "cli") {
      if (lines.length) lines.push("");
      await cliBench(lines);
    }
    if (!only || only === "templates") {
      if (lines.length) lines.push("");
      await templatesBench(lines);
    }
    if (!only || only === "scale") {
      if (lines.length) lines.push("");
      await scaleBench(lines);
    }
    if (!only || only === "tagged") {
      if (lines.length) lines.push("");
      await taggedBench(lines);
    }
    if (!only || only === "fairness") {
      if (lines.length) lines.push("");
      await fairnessBench(lines);
    }
    if (!only || only === "languages") {
      if (lines.length) lines.push("");
      await languagesBench(lines);
    }
  } finally {
    console.log(`\n${lines.join("\n")}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
