import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { dbKind, eventually, startStack, type Stack } from "../support/stack";

// API and workers scaled apart: the web process runs no jobs, a separate `npm run worker` process
// renders and mails. PostgreSQL only (PGlite is one process per data directory).
const postgres = dbKind() === "postgres";

let stack: Stack;
let worker: ChildProcess | null = null;
let workerLog = "";
beforeAll(async () => {
  if (!postgres) return;
  stack = await startStack({ env: { EMBEDDED_RUNNER: "off" } });
});
afterAll(async () => {
  worker?.kill("SIGKILL");
  await stack?.stop();
});

it.runIf(postgres)("renders and delivers a batch in a worker process while the web process only serves the API", async () => {
  const res = await stack.api("submitter", "POST", "/api/render", {
    templatePath: "letter.md",
    dataSource: Array.from({ length: 20 }, (_, i) => ({ customerId: `C${700 + i}`, name: `Split ${i}`, amount: i, recipientEmail: `split${i}@example.test` })),
    features: { svcDispatch: true },
    templateSettings: { distribution: { requireApproval: false } },
  });
  expect(res.status).toBe(202);
  const id = res.headers.get("x-svc-batchid")!;
  const detail = async () => (await stack.api("submitter", "GET", `/api/dispatch/batch/${id}`)).json();

  await new Promise((r) => setTimeout(r, 1500));
  expect((await detail()).state).toBe("queued"); // nobody has picked it up: the web process runs no jobs

  // As `npm run worker` starts it: node itself, so SIGTERM reaches the worker. The tsx command in
  // between relays a signal only if the child acknowledges it within 30 ms, and otherwise kills it
  // (exit 143): on a loaded machine the test failed there, not in the worker.
  worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], { env: stack.env, stdio: ["ignore", "pipe", "pipe"] });
  worker.stdout!.on("data", (d) => (workerLog += d));
  worker.stderr!.on("data", (d) => (workerLog += d));
  const done = await eventually(async () => {
    const d = await detail();
    return d.state === "completed" && d;
  }, 90_000, "the worker to finish the batch").catch((err: Error) => {
    throw new Error(`${err.message}\nworker log:\n${workerLog}`);
  });
  expect(done).toMatchObject({ processedCount: 20, errorCount: 0 });
  const mails = await stack.smtp.waitFor((m) => m.filter((x) => x.to.some((t) => t.startsWith("split"))).length >= 20 && m, 30_000);
  expect(new Set(mails.filter((x) => x.to.some((t) => t.startsWith("split"))).flatMap((x) => x.to)).size).toBe(20);

  const exited = new Promise<number | null>((resolve) => worker!.once("exit", (code) => resolve(code)));
  worker.kill("SIGTERM");
  expect(await exited).toBe(0);
  worker = null;
});
