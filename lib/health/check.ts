import { sql } from "drizzle-orm";
import { blobLocation } from "@/lib/blob/config";
import { getBlobStore } from "@/lib/blob/store";
import { dbHandle } from "@/lib/db/client";
import { withDeadline } from "@/lib/deadline";
import { env } from "@/lib/env";
import { backgroundHealth, type PartHealth, type PartName } from "./progress";

export interface Health {
  status: "ok" | "unavailable";
  database: string;
  /** The blob store's driver (local, s3), or unreachable. */
  blobStore: string;
  detail?: string;
  /** The background loops running in this process (none where EMBEDDED_RUNNER=off: a worker runs them). */
  background: Partial<Record<PartName, PartHealth>>;
}

const PROBE_MS = 5_000;

/** The database's driver once it has answered `select 1` within 5 s. */
async function probeDatabase(): Promise<string> {
  const { db, driver } = await withDeadline(dbHandle(), PROBE_MS, "opening the database");
  await withDeadline(db.execute(sql`select 1`), PROBE_MS, "the database");
  return driver;
}

/**
 * The blob store's driver once it has answered a read within 5 s: a key that is never written, so
 * "not there" is the healthy answer. On S3 that is one GET, not a HEAD: a HEAD's empty 404 cannot
 * tell a missing key from a missing bucket, a GET's answer names NoSuchBucket; a 403 shows
 * credentials without s3:ListBucket (docs/operations.md).
 */
async function probeBlobStore(): Promise<string> {
  const opened = await withDeadline(getBlobStore().open("health/probe"), PROBE_MS, "the blob store");
  opened?.body.destroy();
  return blobLocation().kind;
}

/** Unavailable when the database or the blob store does not answer within 5 s, or a background loop of this process is stalled. */
export async function checkHealth(): Promise<Health> {
  const background = backgroundHealth(env().HEALTH_STALL_MS);
  const stalled = Object.entries(background).filter(([, h]) => h.status === "stalled");
  const problems = stalled.map(([name, h]) => `${name} stalled since ${h.since}${h.detail ? `: ${h.detail}` : ""}`);
  const [database, blobStore] = await Promise.all(
    [probeDatabase(), probeBlobStore()].map((probe) =>
      probe.catch((err: unknown) => {
        problems.unshift((err as Error).message);
        return "unreachable";
      }),
    ),
  );
  const health: Health = { status: problems.length ? "unavailable" : "ok", database, blobStore, background };
  if (problems.length) health.detail = problems.join("; ");
  return health;
}
