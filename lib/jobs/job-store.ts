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

/** Due jobs a claim ranks per lane: its own limit and some to spare for rows other runners lock meanwhile. */
const perLane = (limit: number) => limit + 16;

/**
 * Pending jobs that are due, and running ones whose lease ran out (their runner died), up to `limit`,
 * shared round robin by tenant, then by batch (lib/jobs/lane.ts), then oldest first. Within its batch
 * a job counts behind the batch's jobs running now and its own older ones; within its tenant, batches
 * take turns by that count; across tenants, each tenant's running jobs count first. So one job of a
 * tenant goes before the next chunk of another tenant's large batch, and a small batch before the rest
 * of its tenant's large one, whoever enqueued first; among equal turns the oldest goes first, so no
 * job waits for ever. Jobs running in every runner count, so the runners' claims share the turns.
 *
 * `laneCap`: how many jobs of one lane this runner may hold at once. The runner leaves one of its
 * slots to the other lanes, so that a small batch sent while a large one fills every slot starts at
 * once instead of waiting for a large chunk to end, at each of its steps (pick-up, chunk, finish).
 */
export async function claimJobs(
  db: Db,
  workerId: string,
  limit: number,
  leaseMs: number,
  laneCap = Number.MAX_SAFE_INTEGER,
): Promise<ClaimedJob[]> {
  // The lanes with pending jobs are found by skipping through jobs_lane_due, one probe per lane, and
  // each lane's oldest due jobs are read from it: a claim reads a few rows per lane, not every due job.
  // The rows are then locked in turn order with SKIP LOCKED and their due state checked again under
  // the lock (another runner may have claimed one meanwhile); the turns go in as an array so that the
  // lock step looks each row up by its key instead of hashing every due job. MATERIALIZED: the locking
  // select must run once, or a re-scan could lock more than `limit`.
  const result = await db.execute(sql`
    with recursive lanes as (
      (select lane_tenant as tenant, lane_batch as batch from jobs where status = 'pending' order by lane_tenant, lane_batch limit 1)
      union all
      select next.tenant, next.batch from lanes l cross join lateral (
        select lane_tenant as tenant, lane_batch as batch from jobs
        where status = 'pending' and (lane_tenant, lane_batch) > (l.tenant, l.batch)
        order by lane_tenant, lane_batch limit 1
      ) next
    ),
    due as materialized (
      select q.id, q.run_at, l.tenant, l.batch from lanes l cross join lateral (
        select id, run_at from jobs
        where status = 'pending' and lane_tenant = l.tenant and lane_batch = l.batch and run_at <= now()
        order by run_at limit ${perLane(limit)}::int
      ) q
      union all
      select id, run_at, lane_tenant, lane_batch from jobs where status = 'running' and locked_until < now()
    ),
    busy as materialized (
      select lane_tenant as tenant, lane_batch as batch, count(*) as n from jobs
      where status = 'running' and locked_until >= now()
      group by 1, 2
    ),
    mine as materialized (
      select lane_tenant as tenant, lane_batch as batch, count(*) as n from jobs
      where status = 'running' and locked_by = ${workerId} and locked_until >= now()
      group by 1, 2
    ),
    numbered as (
      select d.id, d.run_at, d.tenant, d.batch, row_number() over (partition by d.tenant, d.batch order by d.run_at, d.id) as nth
      from due d
    ),
    in_batch as (
      select d.id, d.run_at, d.tenant, d.nth + coalesce(b.n, 0) as place
      from numbered d
      left join busy b on b.tenant = d.tenant and b.batch = d.batch
      left join mine m on m.tenant = d.tenant and m.batch = d.batch
      where d.nth + coalesce(m.n, 0) <= ${Math.min(laneCap, 1_000_000)}::int
    ),
    turns as materialized (
      select i.id, i.run_at,
        row_number() over (partition by i.tenant order by i.place, i.run_at, i.id) + coalesce(b.n, 0) as turn
      from in_batch i left join (select tenant, sum(n) as n from busy group by tenant) b on b.tenant = i.tenant
    ),
    claim as materialized (
      select j.id from unnest(array(select id from turns order by turn, run_at, id)) with ordinality as c(id, ord)
      join jobs j on j.id = c.id
      where (j.status = 'pending' and j.run_at <= now()) or (j.status = 'running' and j.locked_until < now())
      order by c.ord
      limit ${limit}::int
      for update of j skip locked
    )
    update jobs j
    set status = 'running', locked_until = ${inMs(leaseMs)}, locked_by = ${workerId},
        attempts = j.attempts + 1, updated_at = now()
    from claim where j.id = claim.id
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
  await db
    .update(jobs)
    .set({ status: "done", lockedUntil: null, lastError: null, updatedAt: sql`now()` })
    .where(ours(job));
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
