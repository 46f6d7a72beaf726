import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, rowsOf } from "@/lib/db/client";
import { mailOutbox } from "@/lib/db/schema";
import { DeadlineExceeded, withDeadline } from "@/lib/deadline";
import { env } from "@/lib/env";
import { expandPlaceholders } from "./expand-placeholders";
import { composeMail } from "./compose";
import { recordFailedMail } from "./failed-mail";
import { closeMailTransport, mailFrom, mailTransport } from "./transport";

/**
 * After this many temporary refusals (4xx) of the message itself a message is marked failed; with the
 * backoff below that is about two days. A permanent refusal (5xx) fails it at the first.
 */
export const MAX_MAIL_ATTEMPTS = 20;
const RETRY_MAX_MS = 3 * 3_600_000;

export interface DeliverOptions {
  limit: number;
  /** First retry delay after the server refused a message, doubled per attempt. */
  retryBaseMs?: number;
}

export interface DeliveryRound {
  /** Messages the server accepted (or, without SMTP_URL, captured). */
  sent: number;
  /** Messages claimed this round. */
  claimed: number;
  /** Set when the server could not be reached or dropped the session: nothing was the messages' fault. */
  unreachable: string | null;
}

/** The deadlines of one round, all derived from SMTP_TIMEOUT_MS (connection and greeting). */
export function mailDeadlines() {
  const e = env();
  const sendMs = 4 * e.SMTP_TIMEOUT_MS;
  const roundMs = sendMs + 10_000;
  // A claim is renewed while its round runs, so a crashed process's mail is resent one lease later
  // and a slow send is never claimed twice.
  return { sendMs, roundMs, leaseMs: e.JOB_LEASE_MS, recordMs: 8_000 };
}

/**
 * Sends up to `limit` due messages, in parallel over the pooled transport. Without SMTP_URL the due
 * messages are marked captured instead (status sent, attempts 0: never handed to a server; /dev/mail
 * shows them).
 */
export async function deliverDueMail(opts: DeliverOptions): Promise<DeliveryRound> {
  const db = await getDb();
  const transport = mailTransport();
  const deadlines = mailDeadlines();
  if (!transport) {
    const captured = await db.execute(sql`
      with due as materialized (
        select id from mail_outbox where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at limit ${opts.limit}::int for update skip locked)
      update mail_outbox m set status = 'sent', sent_at = now() from due where m.id = due.id returning m.id`);
    const n = rowsOf(captured).length;
    return { sent: n, claimed: n, unreachable: null };
  }
  // A claim bumps attempts and takes a lease; if this process dies mid-send the lease runs out and
  // another pump sends the message again, with the same Message-ID so receivers can tell.
  const claimed = rowsOf(
    await db.execute(sql`
      with due as materialized (
        select id from mail_outbox
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at limit ${opts.limit}::int for update skip locked)
      update mail_outbox m set locked_until = now() + ${deadlines.leaseMs}::int * interval '1 millisecond', attempts = m.attempts + 1
      from due where m.id = due.id
      returning m.id, m.dedupe_key, m."to", m.subject, m.text, m.attempts`),
  );
  if (!claimed.length) return { sent: 0, claimed: 0, unreachable: null };

  const ids = claimed.map((m) => String(m.id));
  const renew = setInterval(
    () => {
      db.update(mailOutbox)
        .set({ lockedUntil: sql`now() + ${deadlines.leaseMs}::int * interval '1 millisecond'` })
        .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "pending")))
        .catch((err) => console.error(`[mail] renewing the claim of ${ids.length} messages failed: ${(err as Error).message}`));
    },
    Math.max(250, Math.floor(deadlines.leaseMs / 3)),
  );
  try {
    return await sendClaimed(claimed, transport, deadlines, opts);
  } finally {
    clearInterval(renew);
  }
}

async function sendClaimed(
  claimed: Record<string, unknown>[],
  transport: NonNullable<ReturnType<typeof mailTransport>>,
  deadlines: ReturnType<typeof mailDeadlines>,
  opts: DeliverOptions,
): Promise<DeliveryRound> {
  const db = await getDb();
  const from = mailFrom();
  const recorder = sentRecorder((ids) =>
    persistently(deadlines.recordMs, () =>
      db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(inArray(mailOutbox.id, ids)),
    ),
  );
  const results = await Promise.allSettled(
    claimed.map((m) =>
      withDeadline(
        Promise.resolve()
          .then(() =>
            composeMail({
              from,
              to: String(m.to),
              subject: String(m.subject),
              text: expandPlaceholders(String(m.text)),
              messageId: `<${m.id}@sealpost.mail>`,
            }),
          )
          .then((composed) => transport.send(composed)),
        deadlines.sendMs,
        "the SMTP server",
      ).then(() => recorder.accepted(String(m.id))),
    ),
  );
  // A pool that let a send overrun its deadline is in a state nobody can vouch for: start a new one.
  if (results.some((r) => r.status === "rejected" && r.reason instanceof DeadlineExceeded)) closeMailTransport();

  // Messages the server took must be recorded as sent, or they go out again when their lease ends:
  // through a short database outage, these writes are retried.
  await recorder.done();
  const sent = claimed.filter((_, i) => results[i].status === "fulfilled").map((m) => String(m.id));

  let unreachable: string | null = null;
  const handBack: string[] = [];
  for (const [i, r] of results.entries()) {
    if (r.status === "fulfilled") continue;
    const m = claimed[i];
    const error = describe(r.reason);
    if (serverUnavailable(r.reason)) {
      unreachable ??= error;
      handBack.push(String(m.id));
      continue;
    }
    const attempts = Number(m.attempts);
    const refused = permanentRefusal(r.reason);
    if (refused || attempts >= MAX_MAIL_ATTEMPTS) {
      console.error(
        refused
          ? `[mail] the server refused ${m.id} to ${m.to} for good; it fails and is not sent again: ${error}`
          : `[mail] giving up on ${m.id} to ${m.to} after ${attempts} attempts: ${error}`,
      );
      // Failed and recorded where its workflow or batch shows it, together: a failure is recorded once.
      await db.transaction(async (tx) => {
        await tx
          .update(mailOutbox)
          .set({ status: "failed", lockedUntil: null, lastError: error.slice(0, 2000) })
          .where(eq(mailOutbox.id, String(m.id)));
        await recordFailedMail(tx, {
          id: String(m.id),
          dedupeKey: String(m.dedupe_key),
          to: String(m.to),
          subject: String(m.subject),
          reason: error,
        });
      });
      continue;
    }
    const delay = Math.min((opts.retryBaseMs ?? 1000) * 2 ** (attempts - 1), RETRY_MAX_MS);
    console.warn(`[mail] the server refused ${m.id} to ${m.to} for now (attempt ${attempts}), retry in ${delay} ms: ${error}`);
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + ${delay}::int * interval '1 millisecond'`, lockedUntil: null, lastError: error.slice(0, 2000) })
      .where(eq(mailOutbox.id, String(m.id)));
  }
  // An unreachable server is nobody's message's fault: the claim's attempt is handed back and the
  // message stays due, so it goes out as soon as the pump finds the server answering again.
  if (handBack.length) {
    await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} - 1`, lockedUntil: null, lastError: unreachable!.slice(0, 2000) })
      .where(inArray(mailOutbox.id, handBack));
  }
  return { sent: sent.length, claimed: claimed.length, unreachable };
}

/** Codes nodemailer and Node give when the server, not the message, is the problem. */
const SERVER_LEVEL = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAUTH",
  "ETLS",
  "EPROTOCOL",
]);

/**
 * A 5xx answer to the message (RFC 5321 §4.2.1: permanent negative completion; the same request will
 * fail again), such as 501 for a malformed recipient or 550 for an unknown mailbox. Server-level
 * codes (a 535 refused login) were sorted out before this.
 */
function permanentRefusal(err: unknown): boolean {
  const code = (err as { responseCode?: number } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code <= 599;
}

function serverUnavailable(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number } | null;
  // 421: "service not available, closing transmission channel", the answer of a server shutting down.
  return !!e && (e.responseCode === 421 || (e.code !== undefined && SERVER_LEVEL.has(e.code)));
}

function describe(err: unknown): string {
  const e = err as { message?: string; responseCode?: number; response?: string } | null;
  if (!e) return String(err);
  return e.response ?? e.message ?? String(err); // an SMTP response starts with its code
}

/**
 * Records messages as sent as the server accepts them, not once the whole round is done: a process
 * killed mid-round then sends again only what the server took since the last write began (a few
 * messages), where one write per round resent up to a round's worth. Messages accepted while a write
 * is under way go into the next one, so a round of 50 costs a few writes, not 50.
 */
function sentRecorder(write: (ids: string[]) => Promise<unknown>) {
  let waiting: string[] = [];
  let writing: Promise<void> | null = null;
  let failure: unknown = null;
  const drain = async () => {
    while (waiting.length) {
      const ids = waiting;
      waiting = [];
      await write(ids);
    }
  };
  const start = () => {
    writing = drain()
      .catch((err: unknown) => void (failure ??= err))
      .finally(() => (writing = null));
  };
  return {
    accepted(id: string): void {
      waiting.push(id);
      if (!writing) start();
    },
    /** Resolves once every accepted message is recorded; rejects when a write failed for good. */
    async done(): Promise<void> {
      while (writing || (waiting.length && !failure)) {
        if (!writing) start();
        await writing;
      }
      if (failure) throw failure;
    },
  };
}

/** Retries a database write for up to `forMs` (with backoff), for writes that must not be lost to a short outage. */
async function persistently<T>(forMs: number, write: () => Promise<T>): Promise<T> {
  const until = Date.now() + forMs;
  for (let delay = 100; ; delay = Math.min(2 * delay, 2_000)) {
    try {
      return await write();
    } catch (err) {
      if (Date.now() + delay > until) throw err;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
