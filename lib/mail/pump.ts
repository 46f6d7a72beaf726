import { env } from "@/lib/env";
import { MAIL_CHANNEL, subscribe } from "@/inngest/notify";
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
  let stopping = false;
  let kicked = false;
  let wakeUp: (() => void) | null = null;
  const kick = () => {
    kicked = true;
    wakeUp?.();
  };
  if (!env().SMTP_URL) console.log("[mail] SMTP_URL is not set: mail is captured in the outbox (see /dev/mail), not sent");

  let lastError = 0;
  const loop = async () => {
    while (!stopping) {
      kicked = false;
      let sent = 0;
      try {
        sent = await deliverDueMail({ limit: BATCH, retryBaseMs: opts.retryBaseMs });
      } catch (err) {
        if (Date.now() - lastError > 10_000) console.error(`[mail] delivery round failed: ${(err as Error).message}`);
        lastError = Date.now();
      }
      // Having sent anything, look again at once: more may be waiting beyond this batch.
      if (stopping || sent > 0 || kicked) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, opts.intervalMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  };

  const unsubscribe = await subscribe(MAIL_CHANNEL, kick);
  const looping = loop();
  let stopped: Promise<void> | null = null;
  return {
    kick,
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        kick();
        await looping;
        await unsubscribe();
        closeMailTransport();
      })()),
  };
}
