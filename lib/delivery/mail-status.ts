import { inArray } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { mailOutbox } from "@/lib/db/schema";

/** The dedupe key of a delivery session's notification mail (one per session, for ever). */
export const deliveryMailKey = (sessionId: string) => `delivery:${sessionId}`;

/**
 * A session's notification mail as the outbox has it: `pending` (waiting, or retried after a
 * temporary refusal: lastError says why), `sent` (the mail server took it), `failed` (refused for
 * good, such as 550 for an unknown mailbox, or still refused after every retry: never sent again).
 */
export interface DeliveryMail {
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

/** The notification mails of these sessions, by session id (one indexed read of the outbox). */
export async function deliveryMails(db: Tx, sessionIds: string[]): Promise<Map<string, DeliveryMail>> {
  const out = new Map<string, DeliveryMail>();
  if (sessionIds.length === 0) return out;
  const rows = await db
    .select({
      key: mailOutbox.dedupeKey,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.dedupeKey, sessionIds.map(deliveryMailKey)));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  for (const id of sessionIds) {
    const r = byKey.get(deliveryMailKey(id));
    if (r) out.set(id, { status: r.status, attempts: r.attempts, lastError: r.lastError, sentAt: r.sentAt?.toISOString() ?? null });
  }
  return out;
}
