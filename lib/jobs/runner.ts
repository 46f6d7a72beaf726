import { randomBytes } from "node:crypto";
import os from "node:os";
import { getDb } from "@/lib/db/client";
import { DeadlineExceeded, withDeadline } from "@/lib/deadline";
import { env } from "@/lib/env";
import { reportProgress } from "@/lib/health/progress";
import type { JobDefinition } from "./define-job";
import { claimJobs, extendLeases, pruneDoneJobs, type ClaimedJob } from "./job-store";
import { JOBS_CHANNEL, subscribe } from "./notify";
import { startWakeLoop } from "./wake-loop";
import { jobDefinitions } from "./registry";
import { runJob, type RetryPolicy } from "./run-job";
import { createScheduler } from "./schedule";

const KEEP_DONE_MS = 7 * 24 * 3_600_000;
/** A claim is one short statement; longer means the database is not answering. */
const CLAIM_DEADLINE_MS = 30_000;

export interface RunnerOptions {
  concurrency: number;
  pollMs: number;
  workerId?: string;
  /** How long a claim holds without a heartbeat; a crashed runner's jobs are retried after it. Default JOB_LEASE_MS. */
  leaseMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** A job still running after this is abandoned: its slot is freed and it is retried when its lease runs out. Default JOB_TIMEOUT_MS. */
  jobTimeoutMs?: number;
  /** How long stop() waits for running jobs. */
  stopTimeoutMs?: number;
  /** Defaults to the product's jobs, lib/jobs/definitions (see registry.ts). */
  definitions?: readonly JobDefinition[];
}

export interface Runner {
  readonly workerId: string;
  /** Look for due jobs now instead of at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * The embedded runner: claims due jobs with FOR UPDATE SKIP LOCKED (so any number of runners, in any
 * number of processes, share one table), runs up to `concurrency` at once, and keeps their leases
 * alive while they run. No transaction is held while a handler runs.
 */
export async function startRunner(opts: RunnerOptions): Promise<Runner> {
  const db = await getDb();
  const workerId = opts.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const leaseMs = opts.leaseMs ?? env().JOB_LEASE_MS;
  const policy: RetryPolicy = { retryBaseMs: opts.retryBaseMs ?? 1000, retryMaxMs: opts.retryMaxMs ?? 5 * 60_000 };
  const defs = new Map((opts.definitions ?? (await jobDefinitions())).map((d) => [d.id, d]));
  const enqueueScheduled = createScheduler([...defs.values()]);
  const concurrency = Math.max(1, opts.concurrency);

  const jobTimeoutMs = opts.jobTimeoutMs ?? env().JOB_TIMEOUT_MS;
  const running = new Map<string, Promise<void>>();
  const progress = reportProgress("runner");

  const start = (job: ClaimedJob) => {
    const p = withDeadline(runJob(db, defs.get(job.functionId), job, policy), jobTimeoutMs, `job ${job.id} (${job.functionId})`)
      .then(
        () => undefined,
        (err) =>
          console.error(
            err instanceof DeadlineExceeded
              ? `[runner] ${err.message}: abandoned, it is retried when its lease runs out`
              : // Only a database error gets here (handler errors are the job's outcome); the lease will
                // expire and the job will be retried.
                `[runner] could not record the outcome of job ${job.id}: ${(err as Error).message}`,
          ),
      )
      .finally(() => {
        running.delete(job.id);
        claiming.wake(); // a slot is free: claim another job now
      });
    running.set(job.id, p);
  };

  const heartbeat = setInterval(
    () => {
      extendLeases(db, workerId, [...running.keys()], leaseMs).catch((err) =>
        console.error(`[runner] lease heartbeat failed: ${(err as Error).message}`),
      );
    },
    Math.max(250, Math.floor(leaseMs / 3)),
  );
  heartbeat.unref();
  const prune = () =>
    pruneDoneJobs(db, KEEP_DONE_MS).then(
      (n) => {
        if (n) console.log(`[runner] pruned ${n} jobs finished over a week ago`);
      },
      (err) => console.error(`[runner] pruning finished jobs failed: ${(err as Error).message}`),
    );
  const pruning = setInterval(prune, 3_600_000);
  pruning.unref();

  const claiming = startWakeLoop(
    { label: "[runner] claiming jobs failed", intervalMs: opts.pollMs, deadlineMs: CLAIM_DEADLINE_MS, progress },
    async () => {
      await enqueueScheduled();
      const free = concurrency - running.size;
      // One slot stays free of any one lane (claimJobs' laneCap), for the next batch sent meanwhile.
      if (free > 0)
        for (const job of await claimJobs(db, workerId, free, leaseMs, concurrency > 1 ? concurrency - 1 : concurrency)) start(job);
      // Jobs in flight are progress: each has a deadline, past which its slot is freed.
      if (running.size) progress.progressed();
      else progress.idle();
      return false;
    },
  );
  const unsubscribe = await subscribe(JOBS_CHANNEL, claiming.wake);
  console.log(
    `[runner] ${workerId} started: concurrency ${concurrency}, poll ${opts.pollMs} ms, lease ${leaseMs} ms, ${defs.size} job kinds`,
  );

  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      await claiming.stop();
      await unsubscribe();
      const timeoutMs = opts.stopTimeoutMs ?? 30_000;
      const all = Promise.allSettled([...running.values()]).then(() => true);
      const inTime = await Promise.race([all, new Promise<false>((r) => setTimeout(() => r(false), timeoutMs).unref())]);
      clearInterval(heartbeat);
      clearInterval(pruning);
      if (!inTime)
        console.warn(`[runner] ${workerId} stopped with ${running.size} jobs still running; they will be retried when their leases expire`);
    })());

  return { workerId, wake: claiming.wake, stop };
}
