import { takeHandedOff } from "@/lib/explain/hand-off";
import { archiveTraces, deleteExpiredTraces } from "@/lib/explain/retention";
import { storeTrace } from "@/lib/explain/store";
import { defineJob } from "../define-job";

/** Every hour (the event's schedule): traces past their archive moment are compressed into cold storage (still readable). */
export const archiveTracesJob = defineJob({
  id: "explain-archive-traces",
  event: "explain/traces.archive",
  retries: 0, // the next run is the retry
  handler: () => archiveTraces(),
});

/** Every day (the event's schedule): traces past their delete moment are deleted. */
export const deleteTracesJob = defineJob({
  id: "explain-delete-traces",
  event: "explain/traces.expire",
  retries: 0,
  handler: () => deleteExpiredTraces(),
});

/**
 * A trace its render's process could not store (blob store or database away), stored from the bytes
 * it was handed. Repeating it writes the same blob and finds the row there, so a retry, a reclaimed
 * lease or a doubled delivery never makes a second trace. The embedded runner's 21 attempts (1 s
 * doubling to 5 min) span about an hour; a job that fails for good keeps the trace in its payload.
 */
export const storeTraceJob = defineJob({
  id: "explain-store-trace",
  event: "explain/trace.store",
  retries: 20,
  handler: ({ payload }) => {
    const { row, bytes } = takeHandedOff(payload);
    return storeTrace(row, bytes);
  },
});

export const explainJobs = [archiveTracesJob, deleteTracesJob, storeTraceJob];
