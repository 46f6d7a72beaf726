import { expect } from "vitest";
import type { ReceivedMail } from "./smtp";
import type { Stack } from "./stack";

/** Batches as the fault tests send them: letters to n recipients tagged `tag`, no approval step. */
export const records = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({
    customerId: `C${1000 + i}`,
    name: `Customer ${i}`,
    amount: i,
    recipientEmail: `${tag}-${i}@example.test`,
  }));

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

export const deliveries = (messages: ReceivedMail[], tag: string) =>
  messages.filter((m) => m.subject.startsWith("Your document") && m.to.some((t) => t.startsWith(`${tag}-`)));

/**
 * Every one of the n recipients got exactly one delivery mail: nothing lost, nothing sent twice. With
 * `byMessageId`, a message sent again under its own Message-ID counts once, as a receiver dedupes it:
 * a worker killed between the SMTP server's 250 and recording the mail sent leaves it to another
 * worker a lease later (mail is at-least-once). Resolves to the number of delivery messages received.
 */
export async function expectMailedOnceEach(
  stack: Stack,
  tag: string,
  n: number,
  timeoutMs: number,
  opts: { byMessageId?: boolean } = {},
): Promise<number> {
  const identity = (m: ReceivedMail) => (opts.byMessageId ? m.messageId : m);
  await stack.smtp.waitFor((m) => new Set(deliveries(m, tag).map(identity)).size >= n, timeoutMs);
  await new Promise((r) => setTimeout(r, 1_000)); // a duplicate would arrive now
  const perRecipient = new Map<string, Set<unknown>>();
  const received = deliveries(stack.smtp.messages, tag);
  for (const m of received) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? new Set()).add(identity(m)));
  expect(perRecipient.size).toBe(n);
  expect([...perRecipient.entries()].filter(([, sent]) => sent.size !== 1).map(([to, sent]) => [to, sent.size])).toEqual([]);
  return received.length;
}
