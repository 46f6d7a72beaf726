import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { mailOutbox } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { expandDeliveryLinks } from "@/lib/delivery/link-token";
import { mailFrom, mailTransport } from "./transport";

/** After this many tries a message is marked failed; with the backoff below that is about two days. */
export const MAX_MAIL_ATTEMPTS = 20;
const RETRY_MAX_MS = 3 * 3_600_000;

export interface DeliverOptions {
  limit: number;
  /** First retry delay, doubled per attempt. */
  retryBaseMs?: number;
  /** How long a claimed message is reserved for this process. Default JOB_LEASE_MS. */
  leaseMs?: number;
}

const rowsOf = (r: unknown): Record<string, unknown>[] => (Array.isArray(r) ? r : (r as { rows: Record<string, unknown>[] }).rows);

/**
 * Sends up to `limit` due messages, in parallel over the pooled transport, and returns how many went
 * out. Without SMTP_URL the due messages are marked captured instead (status sent, attempts 0: never
 * handed to a server; /dev/mail shows them) and their number is returned.
 */
export async function deliverDueMail(opts: DeliverOptions): Promise<number> {
  const db = await getDb();
  const transport = mailTransport();
  const leaseMs = Math.round(opts.leaseMs ?? env().JOB_LEASE_MS);
  if (!transport) {
    const captured = await db.execute(sql`
      with due as materialized (
        select id from mail_outbox where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at limit ${opts.limit}::int for update skip locked)
      update mail_outbox m set status = 'sent', sent_at = now() from due where m.id = due.id returning m.id`);
    return rowsOf(captured).length;
  }
  // A claim bumps attempts and takes a lease; if this process dies mid-send the lease runs out and
  // another pump sends the message again, with the same Message-ID so receivers can tell.
  const claimed = rowsOf(
    await db.execute(sql`
      with due as materialized (
        select id from mail_outbox
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at limit ${opts.limit}::int for update skip locked)
      update mail_outbox m set locked_until = now() + ${leaseMs}::int * interval '1 millisecond', attempts = m.attempts + 1
      from due where m.id = due.id
      returning m.id, m."to", m.subject, m.text, m.html, m.attempts`),
  );
  if (!claimed.length) return 0;

  const from = mailFrom();
  const results = await Promise.allSettled(
    claimed.map((m) =>
      transport.sendMail({
        from,
        to: String(m.to),
        subject: String(m.subject),
        text: expandDeliveryLinks(String(m.text)),
        html: m.html == null ? undefined : String(m.html),
        messageId: `<${m.id}@sealpost.mail>`,
      }),
    ),
  );

  const sent = claimed.filter((_, i) => results[i].status === "fulfilled").map((m) => String(m.id));
  if (sent.length) {
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lastError: null })
      .where(inArray(mailOutbox.id, sent));
  }
  for (const [i, r] of results.entries()) {
    if (r.status === "fulfilled") continue;
    const m = claimed[i];
    const attempts = Number(m.attempts);
    const error = describe(r.reason);
    const giveUp = attempts >= MAX_MAIL_ATTEMPTS;
    const delay = Math.min((opts.retryBaseMs ?? 1000) * 2 ** (attempts - 1), RETRY_MAX_MS);
    if (giveUp) console.error(`[mail] giving up on ${m.id} to ${m.to} after ${attempts} attempts: ${error}`);
    else console.warn(`[mail] sending ${m.id} to ${m.to} failed (attempt ${attempts}), retry in ${delay} ms: ${error}`);
    await db
      .update(mailOutbox)
      .set({
        status: giveUp ? "failed" : "pending",
        nextAttemptAt: sql`now() + ${delay}::int * interval '1 millisecond'`,
        lockedUntil: null,
        lastError: error.slice(0, 2000),
      })
      .where(eq(mailOutbox.id, String(m.id)));
  }
  return sent.length;
}

function describe(err: unknown): string {
  const e = err as { message?: string; responseCode?: number; response?: string } | null;
  if (!e) return String(err);
  return e.response ?? e.message ?? String(err); // an SMTP response starts with its code
}
