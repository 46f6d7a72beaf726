import { mailOutbox } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/client";
import { insertMany } from "@/lib/db/insert-many";
import { newId } from "@/lib/ids";
import { MAIL_CHANNEL, notifyChannel, wakeLocal } from "@/lib/jobs/notify";

export interface OutgoingMail {
  /** Unique per message for ever: a retried step enqueues the same key and nothing is sent twice. */
  dedupeKey: string;
  to: string;
  subject: string;
  /** Plain text: Sealpost's mail carries links and codes, never markup. */
  text: string;
  tenantId?: string | null;
}

/**
 * Queues mail in the caller's transaction (the mail exists if and only if the change that caused it
 * commits); the pump sends it after the commit. Returns how many were new.
 */
export async function enqueueMails(tx: Tx, msgs: OutgoingMail[]): Promise<number> {
  if (!msgs.length) return 0;
  const inserted = await insertMany(
    tx,
    mailOutbox,
    msgs.map((m) => ({ id: newId(), tenantId: m.tenantId ?? null, dedupeKey: m.dedupeKey, to: m.to, subject: m.subject, text: m.text })),
    { onConflictDoNothing: true, returning: mailOutbox.id },
  );
  const added = inserted.length;
  // Delivered at commit to every pump listening, in this process or another.
  if (added) await notifyChannel(tx, MAIL_CHANNEL);
  return added;
}

export async function enqueueMail(tx: Tx, msg: OutgoingMail): Promise<boolean> {
  return (await enqueueMails(tx, [msg])) === 1;
}

/** Wakes this process's mail pump now (NOTIFY does it at commit anyway; this saves the round trip). */
export function kickMailPump(): void {
  wakeLocal(MAIL_CHANNEL);
}
