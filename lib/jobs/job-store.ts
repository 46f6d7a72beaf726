import { and, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Db, type Tx } from "@/lib/db/client";
import { jobs, jobSteps } from "@/lib/db/schema";

/** The runner's SQL. Every statement is short and stands alone: PGlite has a single session. */

export interface ClaimedJob {
  id: string;
  functionId: string;
  event: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  /** Results of steps completed by earlier attempts (empty on a first run). */
  steps: Map<string, unknown>;
}

const inMs = (ms: number) => sql`now() + ${Math.round(ms)}::int * interval '1 millisecond'`;
const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

/** Pending jobs that are due, and running ones whose lease ran out (their runner died), up to `limit`. */
export async function claimJobs(db: Db, workerId: string, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  // MATERIALIZED: the locking sub-select must run once, or a re-scan could lock more than `limit`.
  const result = await db.execute(sql`
    with due as materialized (
      select id from jobs
      where (status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now())
      order by run_at
      limit ${limit}::int
      for update skip locked
    )
    update jobs j
    set status = 'running', locked_until = ${inMs(leaseMs)}, locked_by = ${workerId},
        attempts = j.attempts + 1, updated_at = now()
    from due where j.id = due.id
    returning j.id, j.function_id, j.event, j.payload, j.attempts, j.max_attempts,
      (select jsonb_object_agg(s.step_id, s.result) from job_steps s where s.job_id = j.id) as steps`);
  return rowsOf(result).map((r) => ({
    id: String(r.id),
    functionId: String(r.function_id),
    event: String(r.event),
    payload: json(r.payload),
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    steps: new Map(Object.entries((json(r.steps) as Record<string, unknown> | null) ?? {})),
  }));
}

export async function extendLeases(db: Db, workerId: string, ids: string[], leaseMs: number): Promise<void> {
  if (!ids.length) return;
  await db
    .update(jobs)
    .set({ lockedUntil: inMs(leaseMs) })
    .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, workerId), eq(jobs.status, "running")));
}

/** Our claim is identified by (id, attempts): after a lost lease another runner's claim has moved attempts on. */
const ours = (job: ClaimedJob) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, "running"));

export async function markDone(db: Db, job: ClaimedJob): Promise<void> {
  await db.update(jobs).set({ status: "done", lockedUntil: null, lastError: null, updatedAt: sql`now()` }).where(ours(job));
}

export async function markFailedOrRetry(db: Db, job: ClaimedJob, error: string, retryInMs: number | null): Promise<void> {
  await db
    .update(jobs)
    .set({
      ...(retryInMs === null ? { status: "failed" as const } : { status: "pending" as const, runAt: inMs(retryInMs) }),
      lockedUntil: null,
      lockedBy: null,
      lastError: error.slice(0, 4000),
      updatedAt: sql`now()`,
    })
    .where(ours(job));
}

/** A sleeping job goes back to pending until `at`; the claim's attempt is handed back, sleeping is no failure. */
export async function markSleeping(db: Db, job: ClaimedJob, at: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "pending", runAt: at, attempts: sql`attempts - 1`, lockedUntil: null, lockedBy: null, updatedAt: sql`now()` })
    .where(ours(job));
}

export async function saveStep(db: Db | Tx, jobId: string, stepId: string, result: unknown): Promise<void> {
  await db.insert(jobSteps).values({ jobId, stepId, result }).onConflictDoNothing();
}

/** Finished jobs are kept a while for inspection, then dropped (their steps go with them); failed ones stay. */
export async function pruneDoneJobs(db: Db, olderThanMs: number): Promise<number> {
  const gone = await db
    .delete(jobs)
    .where(and(eq(jobs.status, "done"), sql`${jobs.updatedAt} < now() - ${Math.round(olderThanMs)}::bigint * interval '1 millisecond'`))
    .returning({ id: jobs.id });
  return gone.length;
}

/**
 * Of `values`, those some pending or running job of `functionIds` carries as `payload[field]`: work
 * still queued for them. Under Inngest the queue is Inngest's, not this table, and this is empty.
 */
export async function withLiveJobs(db: Db, functionIds: string[], field: string, values: string[]): Promise<Set<string>> {
  if (!values.length || !functionIds.length) return new Set();
  const value = sql<string>`${jobs.payload}->>${field}`;
  const rows = await db
    .selectDistinct({ v: value })
    .from(jobs)
    .where(and(inArray(jobs.status, ["pending", "running"]), inArray(jobs.functionId, functionIds), inArray(value, values)));
  return new Set(rows.map((r) => r.v));
}
