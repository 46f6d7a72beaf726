import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import type { Sql } from "postgres";
import { dbHandle, type Tx } from "@/lib/db/client";

/**
 * Wake-ups for the pollers (job runner, mail pump). NOTIFY issued inside a transaction is delivered
 * only when it commits, on both drivers and to every process listening, which is exactly "new work
 * is visible now"; polling stays as the fallback should a notification be missed.
 */
export const JOBS_CHANNEL = "sealpost_jobs";
export const MAIL_CHANNEL = "sealpost_mail";

export async function notifyChannel(tx: Tx, channel: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, '')`);
}

const holder = globalThis as unknown as { __sealpostWakers?: Map<string, Set<() => void>> };
const wakers = (holder.__sealpostWakers ??= new Map());

/** In-process wake, for work committed outside a transaction (saves the round trip through the server). */
export function wakeLocal(channel: string): void {
  for (const fn of wakers.get(channel) ?? []) fn();
}

/** Calls onWake on local wakes and on NOTIFY from any process. Returns the unsubscribe function. */
export async function subscribe(channel: string, onWake: () => void): Promise<() => Promise<void>> {
  const set = wakers.get(channel) ?? new Set<() => void>();
  wakers.set(channel, set);
  set.add(onWake);
  let unlisten: () => Promise<void> = async () => {};
  try {
    const { db, driver } = await dbHandle();
    const client = (db as unknown as { $client: unknown }).$client;
    if (driver === "postgres") {
      const meta = await (client as Sql).listen(channel, () => onWake());
      unlisten = () => meta.unlisten();
    } else {
      const off = await (client as PGlite).listen(channel, () => onWake());
      unlisten = () => off();
    }
  } catch (err) {
    console.warn(`[notify] LISTEN ${channel} failed, falling back to polling: ${(err as Error).message}`);
  }
  return async () => {
    set.delete(onWake);
    await unlisten().catch(() => {});
  };
}
