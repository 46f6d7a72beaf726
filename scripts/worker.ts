/**
 * `npm run worker`: a process that only runs jobs and sends mail, next to one or more web processes
 * (which may set EMBEDDED_RUNNER=off). PostgreSQL only: PGlite allows a single process.
 */
import { closeDb, dbHandle } from "@/lib/db/client";
import { env } from "@/lib/env";
import { installJobs } from "@/lib/jobs/install";
import { startBackgroundWork } from "@/lib/jobs/runtime";
import { warmRenderPool } from "@/lib/pdf/render-pool";

async function main() {
  const e = env();
  if (!e.DATABASE_URL) {
    console.error(
      "The worker needs DATABASE_URL (PostgreSQL). Without it the database is PGlite in DATA_DIR, which only one " +
        "process may open: there the web process runs the jobs itself (EMBEDDED_RUNNER=on, the default).",
    );
    process.exit(1);
  }
  installJobs();
  await dbHandle();
  warmRenderPool();
  const stop = await startBackgroundWork({ force: true });
  console.log("[worker] running; SIGTERM or SIGINT stops it after the running jobs finish");

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      console.log(`[worker] ${signal} again: exiting now; unfinished jobs are retried when their leases expire`);
      process.exit(1);
    }
    stopping = true;
    console.log(`[worker] ${signal}: finishing running jobs`);
    await stop();
    await closeDb();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(`[worker] cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
