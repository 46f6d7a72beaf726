/**
 * BENCH_ONLY=scale: what several machines cost, measured on one. The notice batch with its blobs in a
 * real S3 server on loopback (s3rver) beside the local folder, in alternating runs of the same run;
 * then API and jobs split, with one `npm run worker` process and then two. On a 2-core machine a
 * second worker adds no cores, so that figure is the overhead of more processes, not scaling.
 * The sizing lines come from the same runs: documents per hour per core, memory per worker, and what
 * 10,000 documents add to PostgreSQL and to the blob store.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { startStack, type Stack, type StackWorker } from "../tests/support/stack";
import { noticeRecord } from "./documents";
import { cpuMs, endToEnd, median, procStatus, range, settle } from "./measure";

const N = Number(process.env.BENCH_SCALE_RECORDS || 1000);
const PAIRS = Number(process.env.BENCH_SCALE_PAIRS || 3);
// Production settings where the test stack has its own (tests poll jobs every 50 ms and lease for 3 s).
const PRODUCTION = { BATCH_MAX_RECORDS: "10000", JOB_LEASE_MS: "60000", JOB_POLL_MS: "250" };

async function benchStack(opts: Parameters<typeof startStack>[0]): Promise<Stack> {
  const stack = await startStack({ db: "postgres", ...opts, env: { ...PRODUCTION, ...opts?.env } });
  for (const f of fs.readdirSync("bench/templates")) fs.copyFileSync(path.join("bench/templates", f), path.join(stack.templatesDir, f));
  return stack;
}

const databaseBytes = async (stack: Stack) => {
  const sql = postgres(stack.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ bytes: string }[]>`select pg_database_size(current_database())::text as bytes`;
    return Number(row.bytes);
  } finally {
    await sql.end();
  }
};

/** The bytes of every blob a batch of the stack stored (its documents, its receipt), from the store itself. */
async function blobBytes(stack: Stack): Promise<number> {
  const root = path.join(stack.env.DATA_DIR!, "blobs");
  let total = 0;
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else total += fs.statSync(p).size;
    }
  };
  if (fs.existsSync(root)) walk(root);
  return total;
}

export async function scaleBench(lines: string[]): Promise<void> {
  lines.push(
    `Several machines on one: ${os.availableParallelism()} cores, notice batches of ${N} records, ${PAIRS} alternating pairs each, median and range`,
  );
  let offset = 50_000_000;
  const next = () => (offset += 100_000);
  const sizing: string[] = [];

  const local = await benchStack({});
  const s3 = await benchStack({ blob: "s3" });
  try {
    await endToEnd(local, "notice.md", noticeRecord, Math.round(N / 3), next());
    await endToEnd(s3, "notice.md", noticeRecord, Math.round(N / 3), next());
    const onLocal: number[] = [];
    const onS3: number[] = [];
    const cpuLocal: number[] = [];
    const cpuS3: number[] = [];
    const cpuStore: number[] = [];
    let pgGrowth = 0;
    let blobGrowth = 0;
    for (let r = 0; r < PAIRS; r++) {
      const runLocal = async () => {
        await settle();
        const [db0, blobs0] = [await databaseBytes(local), await blobBytes(local)];
        const run = await endToEnd(local, "notice.md", noticeRecord, N, next());
        onLocal.push(run.docsPerSecond);
        cpuLocal.push(run.cpuMsPerDoc);
        pgGrowth = (await databaseBytes(local)) - db0;
        blobGrowth = (await blobBytes(local)) - blobs0;
      };
      const runS3 = async () => {
        await settle();
        const store0 = cpuMs(s3.s3!.pid()!);
        const run = await endToEnd(s3, "notice.md", noticeRecord, N, next());
        onS3.push(run.docsPerSecond);
        cpuS3.push(run.cpuMsPerDoc);
        cpuStore.push((cpuMs(s3.s3!.pid()!) - store0) / N);
      };
      if (r % 2) await runS3().then(runLocal);
      else await runLocal().then(runS3);
    }
    const ratios = onS3.map((x, i) => x / onLocal[i]);
    lines.push(
      `notice batch with the blobs in S3 (s3rver on loopback): ${median(onS3).toFixed(1)} docs/s (${range(onS3)}) vs the local folder ${median(onLocal).toFixed(1)} docs/s (${range(onLocal)}): ` +
        `ratio ${median(ratios).toFixed(3)} (${range(ratios, 2)}; target ≥ 0.9); server peak RSS ${procStatus(s3.serverPid()!, "VmHWM").toFixed(0)} MB with S3, ${procStatus(local.serverPid()!, "VmHWM").toFixed(0)} MB with the folder`,
      // On this machine the S3 server shares the cores; a deployment's store runs elsewhere.
      `  CPU per document: Sealpost server ${median(cpuS3).toFixed(1)} ms with S3 (${range(cpuS3)}), ${median(cpuLocal).toFixed(1)} ms with the folder (${range(cpuLocal)}); ` +
        `the S3 server itself (s3rver, on the same ${os.availableParallelism()} cores) ${median(cpuStore).toFixed(1)} ms (${range(cpuStore)})`,
    );
    const perCoreHour = (median(onLocal) * 3600) / os.availableParallelism();
    sizing.push(`documents per hour per core (one process, embedded runner, notice): ${Math.round(perCoreHour).toLocaleString("en")}`);
    sizing.push(
      `PostgreSQL growth per 10,000 documents: ${(((pgGrowth / N) * 10_000) / 1e6).toFixed(0)} MB (database size before and after one batch of ${N}, before vacuum)`,
    );
    sizing.push(`blob store growth per 10,000 documents: ${(((blobGrowth / N) * 10_000) / 1e6).toFixed(0)} MB (documents and receipt)`);
  } finally {
    await Promise.all([local.stop(), s3.stop()]);
  }

  // API and jobs apart: the API process runs no jobs (EMBEDDED_RUNNER=off); workers render and mail.
  const split = await benchStack({ env: { EMBEDDED_RUNNER: "off" } });
  const workers: StackWorker[] = [];
  try {
    /** Adds a worker, warms it up on a third of a batch, then measures PAIRS batches. */
    const withOneMoreWorker = async () => {
      const worker = split.startWorker();
      workers.push(worker);
      await worker.running();
      await endToEnd(split, "notice.md", noticeRecord, Math.round(N / 3), next());
      const rates: number[] = [];
      for (let r = 0; r < PAIRS; r++) {
        await settle();
        rates.push((await endToEnd(split, "notice.md", noticeRecord, N, next())).docsPerSecond);
      }
      return rates;
    };
    const one = await withOneMoreWorker();
    const oneWorkerPeak = procStatus(workers[0].proc.pid!, "VmHWM");
    const two = await withOneMoreWorker();
    const peaks = workers.map((w) => procStatus(w.proc.pid!, "VmHWM"));
    lines.push(
      `API process + one worker: ${median(one).toFixed(1)} docs/s (${range(one)}); + two workers: ${median(two).toFixed(1)} docs/s (${range(two)}): ` +
        `ratio ${(median(two) / median(one)).toFixed(3)} (on ${os.availableParallelism()} cores a second worker adds processes, not cores: this is the overhead, not scaling)`,
    );
    sizing.push(
      `memory per worker (peak RSS, ${process.env.RENDER_THREADS || os.availableParallelism()} render threads): ${oneWorkerPeak.toFixed(0)} MB alone, ${peaks.map((p) => p.toFixed(0)).join(" and ")} MB as two`,
    );
    sizing.push(`API process without jobs (peak RSS): ${procStatus(split.serverPid()!, "VmHWM").toFixed(0)} MB`);
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await split.stop();
  }
  lines.push("sizing (from the runs above):", ...sizing.map((s) => `  ${s}`));
}
