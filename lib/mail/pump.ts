import { env } from "@/lib/env";
import { MAIL_CHANNEL, subscribe } from "@/inngest/notify";
import { startWakeLoop } from "@/inngest/wake-loop";
import { deliverDueMail } from "./deliver";
import { closeMailTransport } from "./transport";

export interface MailPump {
  /** Deliver now instead of at the next interval. */
  kick(): void;
  stop(): Promise<void>;
}

const BATCH = 50;

/**
 * The loop that empties the outbox: woken by commits that queued mail (NOTIFY) and by kick(),
 * and every intervalMs for retries that have come due.
 */
export async function startMailPump(opts: { intervalMs: number; retryBaseMs?: number }): Promise<MailPump> {
  if (!env().SMTP_URL) console.log("[mail] SMTP_URL is not set: mail is captured in the outbox (see /dev/mail), not sent");
  // Having sent anything, look again at once: more may be waiting beyond this batch.
  const loop = startWakeLoop("[mail] delivery round failed", opts.intervalMs, async () => (await deliverDueMail({ limit: BATCH, retryBaseMs: opts.retryBaseMs })) > 0);
  const unsubscribe = await subscribe(MAIL_CHANNEL, loop.wake);
  let stopped: Promise<void> | null = null;
  return {
    kick: loop.wake,
    stop: () =>
      (stopped ??= (async () => {
        await loop.stop();
        await unsubscribe();
        closeMailTransport();
      })()),
  };
}
