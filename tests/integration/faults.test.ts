import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPgCluster } from "../support/pg-cluster";
import { startSilentServer, type ReceivedMail } from "../support/smtp";
import { dbKind, eventually, freePort, startStack, type Stack } from "../support/stack";

/** Short enough for a test to see a stall, long enough that a busy moment is not one. */
const STALL_MS = 3_000;
const faultEnv = { HEALTH_STALL_MS: String(STALL_MS), SMTP_TIMEOUT_MS: "1000" };

const records = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ customerId: `C${1000 + i}`, name: `Customer ${i}`, amount: i, recipientEmail: `${tag}-${i}@example.test` }));

async function submit(stack: Stack, n: number, tag: string): Promise<string> {
  const res = await stack.api("submitter", "POST", "/api/render", {
    templatePath: "letter.md",
    dataSource: records(n, tag),
    features: { svcDispatch: true },
    templateSettings: { distribution: { requireApproval: false } },
  });
  expect(res.status).toBe(202);
  return res.headers.get("x-svc-batchid")!;
}

const detail = async (stack: Stack, id: string) => (await stack.api("submitter", "GET", `/api/dispatch/batch/${id}`)).json();

const deliveries = (messages: ReceivedMail[], tag: string) => messages.filter((m) => m.subject.startsWith("Your document") && m.to.some((t) => t.startsWith(`${tag}-`)));

/** Every one of the n recipients got exactly one delivery mail: nothing lost, nothing sent twice. */
async function expectMailedOnceEach(stack: Stack, tag: string, n: number, timeoutMs: number) {
  await stack.smtp.waitFor((m) => deliveries(m, tag).length >= n, timeoutMs);
  await new Promise((r) => setTimeout(r, 1_000)); // a duplicate would arrive now
  const perRecipient = new Map<string, number>();
  for (const m of deliveries(stack.smtp.messages, tag)) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
  expect(perRecipient.size).toBe(n);
  expect([...perRecipient.entries()].filter(([, count]) => count !== 1)).toEqual([]);
}

async function health(stack: Stack) {
  const res = await fetch(`${stack.baseUrl}/api/health`);
  return { status: res.status, body: await res.json() };
}

describe("SMTP server outages during a batch", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: faultEnv });
  });
  afterAll(async () => stack?.stop());

  it("sends every mail exactly once after the SMTP server stops mid-batch and comes back on the same port", async () => {
    const id = await submit(stack, 50, "outage");
    await stack.smtp.waitFor((m) => deliveries(m, "outage").length >= 3, 60_000);
    await stack.smtp.stop(); // open sessions get 421, then connections are refused

    // Health names the stalled part and since when, so an orchestrator can act on it.
    const stalled = await eventually(async () => {
      const h = await health(stack);
      return h.status === 503 && h.body.background?.mail?.status === "stalled" && h.body;
    }, 30_000, "health to report the mail pump stalled");
    expect(stalled.background.mail.since).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(stalled.background.mail.detail).toContain("SMTP server unreachable");
    expect(stalled.background.runner.status).toBe("ok");

    // Rendering goes on without mail.
    await eventually(async () => (await detail(stack, id)).state === "completed", 120_000, "the batch to complete");
    await stack.smtp.start();
    await expectMailedOnceEach(stack, "outage", 50, 60_000);
    await eventually(async () => (await health(stack)).status === 200, 30_000, "health to recover");
  });

  it("is not held by an SMTP server that accepts connections and never greets", async () => {
    await stack.smtp.stop();
    const silent = await startSilentServer(stack.smtp.port);
    const id = await submit(stack, 30, "silent");
    await eventually(async () => (await detail(stack, id)).state === "completed", 120_000, "the batch to complete");
    await eventually(async () => silent.connections() > 0, 30_000, "the pump to try the silent server");
    expect(deliveries(stack.smtp.messages, "silent")).toHaveLength(0);
    await silent.close();
    await stack.smtp.start();
    await expectMailedOnceEach(stack, "silent", 30, 60_000);
  });
});

describe("blob store outage during a batch", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { ...faultEnv, BATCH_STALL_MS: String(STALL_MS) } });
  });
  afterAll(async () => stack?.stop());

  it("outlasts every chunk retry and still finishes: every document readable, every recipient mailed once", async () => {
    // The store's folder for batch documents is a file while the batch starts: every write of a PDF
    // fails until every chunk has spent its retries (1 + 2 + 4 + 8 s and the renders), then the store is back.
    const dir = path.join(stack.env.DATA_DIR!, "blobs", "batches");
    const away = fs.existsSync(dir);
    if (away) fs.renameSync(dir, `${dir}.away`);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(dir, "not a folder");
    const id = await submit(stack, 200, "blobs");
    await eventually(async () => (stack.log().match(/\(dispatch-render-chunk\) failed for good/g) ?? []).length === 4, 90_000, "every chunk to give up");
    expect(stack.log()).toMatch(/dispatch-render-chunk\) attempt \d+\/\d+ failed, retry/);
    expect((await detail(stack, id)).processedCount).toBe(0);
    fs.rmSync(dir);
    if (away) fs.renameSync(`${dir}.away`, dir);

    // The every-minute sweep finds the batch stalled with no job queued, and sends its chunks again.
    const done = await eventually(async () => {
      const d = await detail(stack, id);
      return ["completed", "partially-failed"].includes(d.state) && d;
    }, 180_000, "the batch to finish");
    expect(done).toMatchObject({ state: "completed", processedCount: 200, errorCount: 0 });
    expect(stack.log()).toContain(`batch ${id} had stalled: chunks sent again (4 chunks)`);
    const docs = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents`)).json();
    expect(docs.documents.filter((d: { status: string }) => d.status === "rendered")).toHaveLength(200);
    for (const index of [0, 99, 199]) {
      const pdf = await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents/${index}`);
      expect(pdf.status).toBe(200);
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    }
    await expectMailedOnceEach(stack, "blobs", 200, 60_000);
  });
});

describe.skipIf(dbKind() === "pglite")("PostgreSQL restart during a batch", () => {
  let stack: Stack;
  let cluster: Awaited<ReturnType<typeof startPgCluster>>;
  beforeAll(async () => {
    cluster = await startPgCluster(await freePort());
    stack = await startStack({ env: faultEnv, pgAdminUrl: cluster.adminUrl });
  });
  afterAll(async () => {
    await stack?.stop();
    await cluster?.stop();
  });

  it("recovers on its own after pg_ctl restart -m fast: health back, the batch completes, every recipient mailed once", async () => {
    const id = await submit(stack, 200, "pgrestart");
    await eventually(async () => (await detail(stack, id)).processedCount >= 20, 120_000, "processing to get going");
    await cluster.restart();
    const restartedAt = Date.now();
    let last: unknown;
    await eventually(async () => {
      const h = await health(stack);
      last = h.body;
      return h.status === 200;
    }, 30_000, "health to come back").catch((err: Error) => {
      throw new Error(`${err.message}; last health: ${JSON.stringify(last)}\n${stack.log().slice(-3000)}`);
    });
    console.log(`[faults] health back ${Date.now() - restartedAt} ms after the restart`);
    const done = await eventually(async () => {
      const d = await detail(stack, id);
      return ["completed", "partially-failed"].includes(d.state) && d;
    }, 300_000, "the batch to finish");
    expect(done).toMatchObject({ state: "completed", processedCount: 200, errorCount: 0 });
    await expectMailedOnceEach(stack, "pgrestart", 200, 120_000);
  });
});
