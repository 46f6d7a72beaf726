import { sql } from "drizzle-orm";
import { dbHandle } from "@/lib/db/client";
import { withDeadline } from "@/lib/deadline";
import { env } from "@/lib/env";
import { backgroundHealth, type PartHealth, type PartName } from "./progress";

export interface Health {
  status: "ok" | "unavailable";
  database: string;
  detail?: string;
  /** The background loops running in this process (none where EMBEDDED_RUNNER=off: a worker runs them). */
  background: Partial<Record<PartName, PartHealth>>;
}

/** Unavailable when the database does not answer within 5 s, or a background loop of this process is stalled. */
export async function checkHealth(): Promise<Health> {
  const background = backgroundHealth(env().HEALTH_STALL_MS);
  const stalled = Object.entries(background).filter(([, h]) => h.status === "stalled");
  const stalledDetail = stalled.map(([name, h]) => `${name} stalled since ${h.since}${h.detail ? `: ${h.detail}` : ""}`).join("; ");
  try {
    const { db, driver } = await withDeadline(dbHandle(), 5_000, "opening the database");
    await withDeadline(db.execute(sql`select 1`), 5_000, "the database");
    return stalled.length ? { status: "unavailable", database: driver, detail: stalledDetail, background } : { status: "ok", database: driver, background };
  } catch (err) {
    const detail = [(err as Error).message, stalledDetail].filter(Boolean).join("; ");
    return { status: "unavailable", database: "unreachable", detail, background };
  }
}
