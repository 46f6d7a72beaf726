/**
 * CLI section of `npm run bench` (issue 28), also run alone with BENCH_ONLY=cli: `sealpost batch
 * send` of 1,000 notice records from a CSV file, end to end (the process started, the records read
 * and checked by the server, the batch sent, every document rendered and mailed), beside the same
 * 1,000 records posted as JSON with fetch, as curl would, in the same run on the same server. Pairs
 * alternate their order so that a drift of the shared machine favours neither side. The CLI's own
 * cost (process start, the check, CSV read on the server) is also given up to the batch's id.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { eventually, startStack, users, type Stack } from "../tests/support/stack";
import { noticeRecord } from "./documents";
import { median } from "./measure";

const N = Number(process.env.BENCH_CLI_RECORDS || 1000);
const PAIRS = Number(process.env.BENCH_CLI_PAIRS || 3);
const settings = { distribution: { requireApproval: false } };

/** When the batch finished, by the server's clock (the same machine's), and that every record was mailed. */
async function completion(stack: Stack, batchId: string, mailsBefore: number): Promise<number> {
  await stack.smtp.waitFor((m) => m.length - mailsBefore >= N, 30 * 60_000);
  return eventually(
    async () => {
      const d = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}`)).json();
      if (d.state === "partially-failed") throw new Error(`batch ${batchId} partially failed`);
      return d.state === "completed" && Date.parse(d.completedAt);
    },
    10 * 60_000,
    "batch completion",
  );
}

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(process.execPath, [path.resolve("bin/sealpost.mjs"), ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  return new Promise((resolve, reject) =>
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`sealpost exited ${code}: ${err}`)))),
  );
}

export async function cliBench(lines: string[]) {
  const stack = await startStack({ db: "postgres", env: { JOB_POLL_MS: "250", JOB_LEASE_MS: "60000", BATCH_MAX_RECORDS: "10000" } });
  for (const f of fs.readdirSync("bench/templates")) fs.copyFileSync(path.join("bench/templates", f), path.join(stack.templatesDir, f));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sealpost-bench-cli-"));
  const settingsFile = path.join(dir, "settings.json");
  fs.writeFileSync(settingsFile, JSON.stringify(settings));
  // The CLI is configured by environment, as a CI job would be; the list is above the spec's 100 (docs/spec.md, "Limits"), so the limit is raised.
  const env = {
    ...process.env,
    SEALPOST_CONFIG_DIR: dir,
    SEALPOST_URL: stack.baseUrl,
    SEALPOST_ISSUER: stack.issuer,
    SEALPOST_AUDIENCE: stack.audience,
    SEALPOST_CLIENT_ID: users.submitter.clientId,
    SEALPOST_CLIENT_SECRET: users.submitter.clientSecret,
    svc_batchmaxthreshold: String(N),
  };
  let offset = 0;
  const cli: { total: number[]; untilId: number[] } = { total: [], untilId: [] };
  const plain: { total: number[]; untilId: number[] } = { total: [], untilId: [] };

  const viaCli = async () => {
    const records = Array.from({ length: N }, (_, i) => noticeRecord(offset + i));
    offset += N;
    const csv = path.join(dir, `notice-${offset}.csv`);
    fs.writeFileSync(csv, Papa.unparse(records));
    const mails = stack.smtp.messages.length;
    const t0 = Date.now();
    const out = JSON.parse(
      await runCli(["batch", "send", "--template", "notice.md", "--records", csv, "--settings", settingsFile, "--yes", "--json"], env),
    ) as { batchId: string };
    cli.untilId.push(Date.now() - t0);
    cli.total.push((await completion(stack, out.batchId, mails)) - t0);
  };
  const viaFetch = async () => {
    const records = Array.from({ length: N }, (_, i) => noticeRecord(offset + i));
    offset += N;
    const mails = stack.smtp.messages.length;
    const t0 = Date.now();
    const res = await stack.api("submitter", "POST", "/api/render", {
      templatePath: "notice.md",
      dataSource: records,
      features: { svcDispatch: true },
      templateSettings: settings,
    });
    await res.arrayBuffer();
    if (res.status !== 202) throw new Error(`render answered ${res.status}`);
    plain.untilId.push(Date.now() - t0);
    plain.total.push((await completion(stack, res.headers.get("x-svc-batchid")!, mails)) - t0);
  };

  try {
    // A warm-up batch of each, not counted: the first render threads and template parse.
    await viaFetch();
    await viaCli();
    cli.total.length = cli.untilId.length = plain.total.length = plain.untilId.length = 0;
    for (let p = 0; p < PAIRS; p++) {
      if (p % 2 === 0) {
        await viaCli();
        await viaFetch();
      } else {
        await viaFetch();
        await viaCli();
      }
    }
    const rate = (ms: number) => (N / (ms / 1000)).toFixed(1);
    const rates = (xs: number[]) => xs.map(rate).join(", ");
    const [c, f] = [median(cli.total), median(plain.total)];
    lines.push(
      `CLI batch send of ${N} notice records from CSV, end to end until every document is mailed (${PAIRS} pairs, median): ${rate(c)} docs/s | ` +
        `the same records posted as JSON with fetch: ${rate(f)} docs/s | ratio ${(f / c).toFixed(2)} (target ≥ 0.95)`,
    );
    lines.push(`  each run, docs/s: CLI ${rates(cli.total)} | fetch ${rates(plain.total)}`);
    lines.push(
      `  until the batch id is known: CLI ${median(cli.untilId)} ms (process start, the server's CSV read and check, the send) | fetch ${median(plain.untilId)} ms (the send)`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await stack.stop();
  }
}
