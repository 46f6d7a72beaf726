import { CronExpressionParser } from "cron-parser";
import type { JobDefinition } from "./define-job";
import { sendEvent } from "./send-event";

/** The latest time at or before `now` that `cron` (UTC) names. */
export function lastSlot(cron: string, now: Date): Date {
  // currentDate one millisecond on, so a slot falling exactly on `now` counts as passed.
  return CronExpressionParser.parse(cron, { tz: "UTC", currentDate: new Date(now.getTime() + 1) }).prev().toDate();
}

/**
 * The embedded runner's half of cron jobs (Inngest runs them itself): at each claim round, any job
 * whose latest slot has not been enqueued yet gets one run, with an event id naming the slot. The
 * id dedupes across runners and restarts, so a slot runs once however many processes see it, and a
 * server that was down over several slots catches up with one run, not a burst.
 */
export function createScheduler(defs: readonly JobDefinition[]) {
  const scheduled = defs.filter((d) => d.cron);
  const enqueued = new Map<string, number>();
  return async function enqueueDue(now = new Date()): Promise<void> {
    for (const def of scheduled) {
      const slot = lastSlot(def.cron!, now);
      if ((enqueued.get(def.id) ?? 0) >= slot.getTime()) continue;
      await sendEvent(undefined, { name: def.event, data: {}, id: `cron:${slot.toISOString()}` });
      enqueued.set(def.id, slot.getTime());
    }
  };
}
