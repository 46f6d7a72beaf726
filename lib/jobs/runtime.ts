import { env, usesInngest } from "@/lib/env";
import { startMailPump } from "@/lib/mail/pump";
import { settleTraceWrites } from "@/lib/explain/store";
import { closeRenderPool } from "@/lib/pdf/render-pool";
import { startRunner } from "./runner";

type Stop = () => Promise<void>;

// Per process, on globalThis: Next's dev server re-evaluates modules, and two runners in one process
// would only compete with each other.
const holder = globalThis as unknown as { __sealpostBackground?: Promise<Stop> };

/**
 * Starts this process's background work: the job runner and the mail pump. Under Inngest the runner
 * still runs, to forward events sent inside transactions (see relay.ts), and the pump still sends mail.
 * EMBEDDED_RUNNER=off leaves all of it to other processes (`npm run worker`) unless `force` is set.
 * Idempotent; resolves to a stop function that waits for running jobs.
 */
export function startBackgroundWork(opts: { force?: boolean } = {}): Promise<Stop> {
  holder.__sealpostBackground ??= start(opts.force ?? false).catch((err) => {
    holder.__sealpostBackground = undefined;
    throw err;
  });
  return holder.__sealpostBackground;
}

async function start(force: boolean): Promise<Stop> {
  const e = env();
  if (e.EMBEDDED_RUNNER === "off" && !force) {
    console.log("[background] EMBEDDED_RUNNER=off: jobs and mail are left to a worker process (npm run worker)");
    return async () => {
      holder.__sealpostBackground = undefined;
    };
  }
  if (usesInngest())
    console.log("[background] Inngest is configured: it runs the jobs; this process forwards transactional events and sends mail");
  const runner = await startRunner({ concurrency: e.JOB_CONCURRENCY, pollMs: e.JOB_POLL_MS });
  const pump = await startMailPump({ intervalMs: e.JOB_POLL_MS });
  return async () => {
    await Promise.all([runner.stop(), pump.stop()]);
    // Traces of renders that already returned are still being written: let them land, but not for
    // the minutes a write may keep trying while neither the blob store nor the job runner answers.
    await settleTraceWrites(10_000);
    await closeRenderPool();
    holder.__sealpostBackground = undefined;
  };
}
