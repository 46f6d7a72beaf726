import { NonRetriableError } from "inngest";
import type { Db } from "@/lib/db/client";
import { asArray, type JobDefinition, type JobStep } from "./define-job";
import { markDone, markFailedOrRetry, markSleeping, saveStep, type ClaimedJob } from "./job-store";
import { installedEventSender } from "./send-event";

export interface RetryPolicy {
  /** First retry delay; doubles per attempt. */
  retryBaseMs: number;
  retryMaxMs: number;
}

/** Unwinds a handler that reached step.sleepUntil before its time; the runner reschedules the job. */
class SleepSignal extends Error {
  constructor(readonly until: Date) {
    super(`sleeping until ${until.toISOString()}`);
  }
}

const toJson = (v: unknown): unknown => (v === undefined ? null : JSON.parse(JSON.stringify(v)));

const describe = (err: unknown): string => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));

const isNonRetriable = (err: unknown) => err instanceof NonRetriableError || (err as Error | null)?.name === "NonRetriableError";

export const backoffMs = (attempt: number, p: RetryPolicy): number => Math.min(p.retryBaseMs * 2 ** Math.max(0, attempt - 1), p.retryMaxMs);

/** Runs one claimed job to its next state: done, failed, pending for a retry, or pending until a sleep ends. */
export async function runJob(
  db: Db,
  def: JobDefinition | undefined,
  job: ClaimedJob,
  policy: RetryPolicy,
): Promise<"done" | "failed" | "retry" | "sleep"> {
  const fail = async (error: string) => {
    console.error(`[runner] job ${job.id} (${job.functionId}) failed for good: ${error}`);
    await markFailedOrRetry(db, job, error, null);
    return "failed" as const;
  };
  if (!def) return fail(`No job definition with id "${job.functionId}" in lib/jobs/definitions`);
  // A claim past the last attempt means the last runner died mid-job (lease expired); a job that
  // kills its process must not be retried for ever.
  if (job.attempts > job.maxAttempts)
    return fail(`Gave up after ${job.maxAttempts} attempts; the last one never finished (its runner stopped)`);
  const parsed = def.payload.safeParse(job.payload);
  if (!parsed.success) return fail(`Invalid payload: ${parsed.error.message}`);

  try {
    await def.handler({ payload: parsed.data, step: stepTools(db, job), attempt: job.attempts - 1, event: { name: job.event } });
    await markDone(db, job);
    return "done";
  } catch (err) {
    if (err instanceof SleepSignal) {
      await markSleeping(db, job, err.until);
      return "sleep";
    }
    if (isNonRetriable(err) || job.attempts >= job.maxAttempts) return fail(describe(err));
    const delay = backoffMs(job.attempts, policy);
    console.warn(
      `[runner] job ${job.id} (${job.functionId}) attempt ${job.attempts}/${job.maxAttempts} failed, retry in ${delay} ms: ${describe(err)}`,
    );
    await markFailedOrRetry(db, job, describe(err), delay);
    return "retry";
  }
}

/** The embedded step API: every completed step is stored, and a retry gets the stored result instead of running it again. */
function stepTools(db: Db, job: ClaimedJob): JobStep {
  const memo = job.steps;
  const uses = new Map<string, number>();
  // A step id used twice in one run gets a counter, as Inngest does, so each use keeps its own result.
  const key = (id: string) => {
    const n = uses.get(id) ?? 0;
    uses.set(id, n + 1);
    return n ? `${id}:${n}` : id;
  };
  return {
    async run<T>(id: string, fn: () => Promise<T> | T): Promise<T> {
      const k = key(id);
      if (memo.has(k)) return memo.get(k) as T;
      const value = toJson(await fn());
      await saveStep(db, job.id, k, value);
      memo.set(k, value);
      return value as T;
    },
    async sendEvent(id, events) {
      const k = key(id);
      if (memo.has(k)) return;
      // The events and the step's record commit together: a retry can neither lose nor repeat them.
      await db.transaction(async (tx) => {
        await installedEventSender()(tx, asArray(events));
        await saveStep(tx, job.id, k, null);
      });
      memo.set(k, null);
    },
    async sleepUntil(id, at) {
      const k = key(id);
      if (memo.has(k)) return;
      if (at.getTime() > Date.now()) throw new SleepSignal(at);
      await saveStep(db, job.id, k, null);
      memo.set(k, null);
    },
  };
}
