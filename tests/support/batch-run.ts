import { expect } from "vitest";
import type { ReceivedMail } from "./smtp";
import type { Stack } from "./stack";

/** Batches as the fault tests send them: letters to n recipients tagged `tag`, no approval step. */
export const records = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ customerId: `C${1000 + i}`, name: `Customer ${i}`, amount: i, recipientEmail: `${tag}-${i}@example.test` }));

export async function submit(stack: Stack, n: number, tag: string): Promise<string> {
  const res = await stack.api("submitter", "POST", "/api/render", {
    templatePath: "letter.md",
    dataSource: records(n, tag),
    features: { svcDispatch: true },
    templateSettings: { distribution: { requireApproval: false } },
  });
  expect(res.status).toBe(202);
  return res.headers.get("x-svc-batchid")!;
}

export const detail = async (stack: Stack, id: string) => (await stack.api("submitter", "GET", `/api/dispatch/batch/${id}`)).json();

export const deliveries = (messages: ReceivedMail[], tag: string) => messages.filter((m) => m.subject.startsWith("Your document") && m.to.some((t) => t.startsWith(`${tag}-`)));

/** Every one of the n recipients got exactly one delivery mail: nothing lost, nothing sent twice. */
export async function expectMailedOnceEach(stack: Stack, tag: string, n: number, timeoutMs: number) {
  await stack.smtp.waitFor((m) => deliveries(m, tag).length >= n, timeoutMs);
  await new Promise((r) => setTimeout(r, 1_000)); // a duplicate would arrive now
  const perRecipient = new Map<string, number>();
  for (const m of deliveries(stack.smtp.messages, tag)) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
  expect(perRecipient.size).toBe(n);
  expect([...perRecipient.entries()].filter(([, count]) => count !== 1)).toEqual([]);
}
