/** Seconds until a moment, as the pages count a wait; the words are the catalogues' (portal-words.ts). */

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** Seconds from now until an ISO time (0 when past or missing). */
export const secondsUntil = (iso: string | null | undefined): number => {
  const d = parse(iso);
  return d ? Math.max(0, Math.ceil((d.getTime() - Date.now()) / 1000)) : 0;
};
