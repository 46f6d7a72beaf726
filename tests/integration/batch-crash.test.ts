import { afterAll, beforeAll, expect, it } from "vitest";
import { eventually, startStack, type Stack } from "../support/stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.stop());

const RECORDS = 500;

it("finishes a batch after the server is SIGKILLed mid-processing: every record rendered once, every recipient mailed once", async () => {
  const dataSource = Array.from({ length: RECORDS }, (_, i) => ({
    customerId: `C${1000 + i}`,
    name: `Customer ${i}`,
    amount: i,
    recipientEmail: `r${i}@example.test`,
  }));
  const res = await stack.api("submitter", "POST", "/api/render", {
    templatePath: "letter.md",
    dataSource,
    features: { svcDispatch: true },
    templateSettings: { distribution: { requireApproval: false } },
  });
  expect(res.status).toBe(202);
  const id = res.headers.get("x-svc-batchid")!;
  const detail = async () => (await stack.api("submitter", "GET", `/api/dispatch/batch/${id}`)).json();

  const before = await eventually(
    async () => {
      const d = await detail();
      return d.processedCount >= 40 && d;
    },
    120_000,
    "processing to get going",
  );
  expect(before.processedCount).toBeLessThan(RECORDS);
  await stack.stopServer("SIGKILL");
  await stack.startServer();

  const done = await eventually(
    async () => {
      const d = await detail();
      return ["completed", "partially-failed"].includes(d.state) && d;
    },
    300_000,
    "the batch to finish after restart",
  );
  expect(done).toMatchObject({ state: "completed", processedCount: RECORDS, errorCount: 0 });

  const docs = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents`)).json();
  expect(docs.documents.filter((d: { status: string }) => d.status === "rendered")).toHaveLength(RECORDS);
  const activity = await (await stack.api("submitter", "GET", `/api/dispatch/activity?batchId=${id}`)).json();
  expect(activity.items.filter((i: { kind: string }) => i.kind === "record")).toHaveLength(RECORDS);

  const mails = await stack.smtp.waitFor(
    (m) => new Set(m.filter((x) => x.subject.startsWith("Your document")).map((x) => x.messageId)).size >= RECORDS && m,
    120_000,
  );
  const perRecipient = new Map<string, Set<string>>();
  for (const m of mails.filter((x) => x.subject.startsWith("Your document"))) {
    for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? new Set()).add(m.messageId));
  }
  expect(perRecipient.size).toBe(RECORDS);
  expect([...perRecipient.values()].every((ids) => ids.size === 1)).toBe(true);
}, 600_000);
