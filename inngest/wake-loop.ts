export interface WakeLoop {
  /** Start the next round now instead of after the interval. */
  wake(): void;
  /** Ends the loop after the round under way. */
  stop(): Promise<void>;
}

/**
 * The polling loop of the job runner and the mail pump. A round that returns true, or that was woken
 * while it ran, is followed by the next one at once; otherwise the loop sleeps until woken or for
 * intervalMs. A round that throws is logged (at most every 10 s) and followed by a full interval, so
 * a database outage cannot turn wake-ups into a busy loop. `label` starts that log line, e.g.
 * "[runner] claiming jobs failed".
 */
export function startWakeLoop(label: string, intervalMs: number, round: () => Promise<boolean>): WakeLoop {
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
        again = (await round()) || woken;
      } catch (err) {
        again = false;
        if (Date.now() - lastError > 10_000) console.error(`${label}: ${(err as Error).message}`);
        lastError = Date.now();
      }
      if (stopping || again) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, intervalMs);
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
    },
  };
}
