import { DEFAULT_LOCALE } from "@/lib/i18n/locales";

/**
 * A moment as people read it, in every place that shows one (the console, the portal and reviewer
 * pages, the receipt, the sealed record, the certificate, the signature box, the explain report):
 * "1 December 2026 at 18:25 UTC" in en-GB, "1. Dezember 2026 um 18:25 UTC" in de-DE. `Intl` writes
 * it for the locale and names the time zone, so a reader never has to guess it. Pure, so the browser
 * and the server write alike.
 */

/** Sealpost has no time-zone setting: every moment is shown in UTC, and says so. */
export const DEFAULT_TIME_ZONE = "UTC";

/**
 * A moment's parts, the long style: the pages' and mails' catalogues write their moments with these
 * too (the `moment` date format of lib/i18n/formats.ts), so a sentence and a table say it alike.
 */
export const MOMENT_PARTS = {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
} as const satisfies Intl.DateTimeFormatOptions;

export interface MomentStyle {
  /** "long": "1 December 2026 at 18:25 UTC"; "short", for narrow boxes: "1 Dec 2026, 18:25 UTC". */
  length?: "long" | "short";
  /** Audit trails keep the seconds: events of one minute are told apart. */
  seconds?: boolean;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, timeZone: string, style: MomentStyle): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${style.length ?? "long"}|${style.seconds ? "s" : ""}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      ...MOMENT_PARTS,
      month: style.length === "short" ? "short" : "long",
      ...(style.seconds ? { second: "2-digit" } : {}),
      timeZone,
    });
    if (formats.size < 1000) formats.set(key, f);
  }
  return f;
}

const parse = (d: Date | string | null | undefined): Date | null => {
  if (d === null || d === undefined || d === "") return null;
  const date = typeof d === "string" ? new Date(d) : d;
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A moment as people read it, with its time zone named; "" for none (or a malformed one). */
export function momentText(
  d: Date | string | null | undefined,
  locale: string = DEFAULT_LOCALE,
  timeZone: string = DEFAULT_TIME_ZONE,
  style: MomentStyle = {},
): string {
  const date = parse(d);
  return date ? format(locale, timeZone, style).format(date) : "";
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The time of day alone, with its zone: "18:25 UTC" (for a wait within the hour, such as a passcode's); "" for none. */
export function timeOfDayText(
  d: Date | string | null | undefined,
  locale: string = DEFAULT_LOCALE,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const date = parse(d);
  if (!date) return "";
  const key = `${locale}|${timeZone}`;
  let f = timeFormats.get(key);
  if (!f)
    timeFormats.set(key, (f = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZoneName: "short", timeZone })));
  return f.format(date);
}
