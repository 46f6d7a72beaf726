/** Waits as the pages say them; moments are lib/format/moment-text's, as everywhere else. */

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

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
