import type { Formats } from "use-intl/core";
import { DEFAULT_TIME_ZONE, MOMENT_PARTS } from "@/lib/format/moment-text";

/**
 * The named formats messages may use, the same for pages, mails and documents. `{until, date, moment}`
 * writes a moment as every other place does ("1 December 2026 at 18:25 UTC", "1. Dezember 2026 um
 * 18:25 UTC"): Intl in the message's locale, the zone named. `{due, date, day}` is a calendar day
 * ("1 April 2027"; given as its midnight UTC, so no zone moves it), `{expiresAt, time, clock}` a time
 * within the hour ("18:25 UTC", a passcode's).
 */
export const formats = {
  dateTime: {
    moment: MOMENT_PARTS,
    day: { day: "numeric", month: "long", year: "numeric" },
    clock: { hour: "2-digit", minute: "2-digit", timeZoneName: "short" },
  },
} satisfies Formats;

/** Sealpost has no time-zone setting: messages write their moments in UTC and say so, as momentText does. */
export const TIME_ZONE = DEFAULT_TIME_ZONE;
