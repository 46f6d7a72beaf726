/** Times and waits as the pages say them, in the reader's own time zone (the pages render in the browser only). */

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "23 Nov 2026, 14:05", or null for a missing or malformed time. */
export function dateTimeText(iso: string | null | undefined): string | null {
  const d = parse(iso);
  return d ? d.toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }) : null;
}

/** "14:05", or null. */
export function timeText(iso: string | null | undefined): string | null {
  const d = parse(iso);
  return d ? d.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" }) : null;
}

/** A Retry-After in words: "45 seconds", "1 minute", "15 minutes". */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return `${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}

/** Seconds from now until an ISO time (0 when past or missing). */
export const secondsUntil = (iso: string | null | undefined): number => {
  const d = parse(iso);
  return d ? Math.max(0, Math.ceil((d.getTime() - Date.now()) / 1000)) : 0;
};
