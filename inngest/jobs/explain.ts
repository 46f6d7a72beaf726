import { z } from "zod";
import { archiveTraces, deleteExpiredTraces } from "@/lib/explain/retention";
import { defineJob } from "../define-job";

/** Every hour: traces past EXPLAIN_ARCHIVE_AFTER_DAYS are compressed into cold storage (still readable). */
export const archiveTracesJob = defineJob({
  id: "explain-archive-traces",
  event: "explain/traces.archive",
  cron: "17 * * * *",
  retries: 0, // the next run is the retry
  payload: z.object({}),
  handler: () => archiveTraces(),
});

/** Every day: traces past EXPLAIN_RETENTION_YEARS are deleted. */
export const deleteTracesJob = defineJob({
  id: "explain-delete-traces",
  event: "explain/traces.expire",
  cron: "43 3 * * *",
  retries: 0,
  payload: z.object({}),
  handler: () => deleteExpiredTraces(),
});

export const explainJobs = [archiveTracesJob, deleteTracesJob];
