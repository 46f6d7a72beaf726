import { getDb, type Tx } from "@/lib/db/client";
import { insertMany } from "@/lib/db/insert-many";
import { jobs } from "@/lib/db/schema";
import { usesInngest } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { EventInput, JobDefinition } from "./define-job";
import { inngest, toInngestEvent } from "./inngest-client";
import { jobLane } from "./lane";
import { JOBS_CHANNEL, notifyChannel, wakeLocal } from "./notify";
import { jobDefinitions } from "./registry";
import { relayJob } from "./relay";

const RELAY_CHUNK = 100; // events per relay job: keeps each inngest.send request small

type JobRow = typeof jobs.$inferInsert;

/**
 * The event sender installed by install.ts behind send-event.ts. Embedded: one `jobs` row per job
 * listening to each event, written in `tx` when given, so the caller's data and its follow-up jobs
 * commit (or roll back) together; an event id dedupes per job. Inngest: sent at once without `tx`,
 * else relayed after commit (see relay.ts).
 */
export async function emitEvents(tx: Tx | undefined, list: EventInput[]): Promise<void> {
  if (!list.length) return;
  for (const e of list) checkEvent(e);
  const inngestMode = usesInngest();
  if (inngestMode && !tx) {
    await inngest.send(list.map(toInngestEvent));
    return;
  }
  const rows = inngestMode ? relayRows(list) : await jobRows(list);
  if (!rows.length) return;
  if (tx) {
    await insertRows(tx, rows);
    return;
  }
  await (await getDb()).transaction((t) => insertRows(t, rows));
  wakeLocal(JOBS_CHANNEL);
}

async function insertRows(tx: Tx, rows: JobRow[]): Promise<void> {
  await insertMany(tx, jobs, rows, { onConflictDoNothing: true });
  await notifyChannel(tx, JOBS_CHANNEL);
}

function checkEvent(e: EventInput): void {
  if (!e || typeof e.name !== "string" || !e.name) throw new Error("sendEvent: every event needs a name");
  if (e.data === null || typeof e.data !== "object" || Array.isArray(e.data)) {
    throw new Error(`sendEvent: ${e.name}: data must be a JSON object (Inngest accepts nothing else)`);
  }
}

async function jobRows(list: EventInput[]): Promise<JobRow[]> {
  const byEvent = new Map<string, JobDefinition[]>();
  for (const d of await jobDefinitions()) byEvent.set(d.event, [...(byEvent.get(d.event) ?? []), d]);
  const rows: JobRow[] = [];
  for (const e of list) {
    for (const d of byEvent.get(e.name) ?? []) {
      // A bad payload fails the sender now, inside its transaction, rather than a job later.
      const parsed = d.payload.safeParse(e.data);
      if (!parsed.success) throw new Error(`sendEvent: ${e.name} is invalid for job ${d.id}: ${parsed.error.message}`);
      rows.push({
        id: newId(),
        functionId: d.id,
        event: e.name,
        payload: e.data,
        ...jobLane(d.id, e.data),
        dedupeKey: e.id === undefined ? null : `${d.id}:${e.id}`,
        maxAttempts: d.retries + 1,
      });
    }
  }
  return rows;
}

function relayRows(list: EventInput[]): JobRow[] {
  const rows: JobRow[] = [];
  for (let i = 0; i < list.length; i += RELAY_CHUNK) {
    rows.push({
      id: newId(),
      functionId: relayJob.id,
      event: relayJob.event,
      payload: { events: list.slice(i, i + RELAY_CHUNK) },
      ...jobLane(relayJob.id, {}),
      maxAttempts: relayJob.retries + 1,
    });
  }
  return rows;
}
