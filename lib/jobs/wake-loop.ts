import { withDeadline } from "@/lib/deadline";
import type { ProgressReporter } from "@/lib/health/progress";

export interface WakeLoop {
  /** Start the next round now instead of after the interval. */
  wake(): void;
  /** Ends the loop after the round under way. */
  stop(): Promise<void>;
}

export interface WakeLoopOptions {
  /** Starts the log line of a failed round, e.g. "[runner] claiming jobs failed". */
  label: string;
  intervalMs: number;
  /** A round still running after this is abandoned (logged as failed) and the loop goes on. */
  deadlineMs: number;
  /** Told of failed rounds; the round itself reports what it got done. */
  progress?: ProgressReporter;
}

/**
 * The polling loop of the job runner and the mail pump. A round that returns true, or that was woken
 * while it ran, is followed by the next one at once; otherwise the loop sleeps until woken or for
 * intervalMs. A round that throws or overruns its deadline is logged (at most every 10 s) and followed
 * by a full interval, so a database outage cannot turn wake-ups into a busy loop, and nothing outside
 * the process can hold the loop for ever: whatever an abandoned round claimed returns to the queue
 * when its lease runs out.
 */
export function startWakeLoop(opts: WakeLoopOptions, round: () => Promise<boolean>): WakeLoop {
  let stopping = false;
  let woken = false;
  let wakeUp: (() => void) | null = null;
  let lastError = 0;
  const wake = () => {
    woken = true;
    wakeUp?.();
  };

  const loop = async () => {
    while (!stopping) {
      woken = false;
      let again: boolean;
      try {
        again = (await withDeadline(round(), opts.deadlineMs, "the round")) || woken;
      } catch (err) {
        again = false;
        const message = (err as Error).message;
        opts.progress?.waiting(message);
        if (Date.now() - lastError > 10_000) console.error(`${opts.label}: ${message}`);
        lastError = Date.now();
      }
      if (stopping || again) continue;
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
  const looping = loop();
  return {
    wake,
    stop: async () => {
      stopping = true;
      wake();
      await looping;
      opts.progress?.remove();
    },
  };
}
