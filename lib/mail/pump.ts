import { env } from "@/lib/env";
import { reportProgress } from "@/lib/health/progress";
import { MAIL_CHANNEL, subscribe } from "@/lib/jobs/notify";
import { startWakeLoop } from "@/lib/jobs/wake-loop";
import { deliverDueMail, mailDeadlines } from "./deliver";
import { closeMailTransport } from "./transport";

export interface MailPump {
  /** Deliver now instead of at the next interval. */
  kick(): void;
  stop(): Promise<void>;
}

const BATCH = 50;
/** While the server is unreachable, one message probes it this often (doubling from the first value). */
const PROBE_MS = { first: 1_000, max: 10_000 };

/**
 * The loop that empties the outbox: woken by commits that queued mail (NOTIFY) and by kick(), and every
 * intervalMs for retries that have come due. When the SMTP server cannot be reached, messages keep
 * their place and their attempts; the pump sends one message at a time as a probe, at most
 * PROBE_MS.max apart, and resumes full rounds as soon as one goes through.
 */
export async function startMailPump(opts: { intervalMs: number; retryBaseMs?: number }): Promise<MailPump> {
  if (!env().SMTP_URL) console.log("[mail] SMTP_URL is not set: mail is captured in the outbox (see /dev/mail), not sent");
  const progress = reportProgress("mail");
  let outage: { since: number; probeMs: number; nextProbeAt: number; error: string } | null = null;
  const outageDetail = () => `SMTP server unreachable since ${new Date(outage!.since).toISOString()}: ${outage!.error}`;

  const round = async (): Promise<boolean> => {
    if (outage && Date.now() < outage.nextProbeAt) {
      progress.waiting(outageDetail());
      return false;
    }
    const r = await deliverDueMail({ limit: outage ? 1 : BATCH, retryBaseMs: opts.retryBaseMs });
    if (r.unreachable) {
      const now = Date.now();
      if (!outage)
        console.warn(
          `[mail] SMTP server unreachable (${r.unreachable}); messages wait, probing every ${PROBE_MS.first}–${PROBE_MS.max} ms`,
        );
      const probeMs = outage ? Math.min(2 * outage.probeMs, PROBE_MS.max) : PROBE_MS.first;
      outage = { since: outage?.since ?? now, probeMs, nextProbeAt: now + probeMs, error: r.unreachable };
      progress.waiting(outageDetail());
      return false;
    }
    // Any answer from the server ends the outage, even one refusing the probe message itself.
    if (outage && r.claimed) {
      console.log(`[mail] SMTP server reachable again after ${Math.round((Date.now() - outage.since) / 1000)} s`);
      outage = null;
    }
    // A refused message is dealt with too (retried later, or failed for good): that is progress.
    if (r.claimed) progress.progressed();
    else progress.idle();
    // Having sent anything, look again at once: more may be waiting beyond this batch.
    return r.sent > 0;
  };

  const loop = startWakeLoop(
    { label: "[mail] delivery round failed", intervalMs: opts.intervalMs, deadlineMs: mailDeadlines().roundMs, progress },
    round,
  );
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
