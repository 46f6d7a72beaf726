import { CronExpressionParser } from "cron-parser";
import { usesInngest } from "@/lib/env";
import type { JobDefinition } from "./define-job";
import { installedEventSender } from "./send-event";

/** The latest time at or before `now` that `cron` (UTC) names, and the first one after it. */
export function slotsAround(cron: string, now: Date): { last: Date; next: Date } {
  // For `last`, currentDate one millisecond on, so a slot falling exactly on `now` counts as passed.
  const last = CronExpressionParser.parse(cron, { tz: "UTC", currentDate: new Date(now.getTime() + 1) })
    .prev()
    .toDate();
  const next = CronExpressionParser.parse(cron, { tz: "UTC", currentDate: now }).next().toDate();
  return { last, next };
}

export const lastSlot = (cron: string, now: Date): Date => slotsAround(cron, now).last;

/**
 * The embedded runner's half of cron jobs (Inngest runs them itself): at each claim round, any job
 * whose latest slot has not been enqueued yet gets one run, with an event id naming the slot. The
 * id dedupes across runners and restarts, so a slot runs once however many processes see it, and a
 * server that was down over several slots catches up with one run, not a burst. Under Inngest it
 * schedules nothing: each function's cron trigger runs the slot, and the slot's event sent as well
 * would run it a second time.
 */
export function createScheduler(defs: readonly JobDefinition[]) {
  const scheduled = usesInngest() ? [] : defs.filter((d) => d.cron);
  // Per job, the next slot still to come once the last one is enqueued: claim rounds (every
  // JOB_POLL_MS) before it cost a comparison, not a cron parse.
  const waitUntil = new Map<string, number>();
  return async function enqueueDue(now = new Date()): Promise<void> {
    for (const def of scheduled) {
      if (now.getTime() < (waitUntil.get(def.id) ?? 0)) continue;
      const { last, next } = slotsAround(def.cron!, now);
      await installedEventSender()(undefined, [{ name: def.event, data: {}, id: `cron:${last.toISOString()}` }]);
      waitUntil.set(def.id, next.getTime());
    }
  };
}
