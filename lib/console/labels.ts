import { momentText } from "@/lib/format/moment-text";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";

/** Batch states whose progress moves on its own: pages showing one refresh themselves. */
export const liveStates: readonly string[] = ["queued", "processing"];

/** Sealing ends on its own (the seal job): a page showing it refreshes itself until it is complete. */
export const liveWorkflowStates: readonly string[] = ["sealing"];

/**
 * "23 November 2026 at 14:05 UTC", "23. November 2026 um 14:05 UTC": every moment the console shows,
 * in the page's language (getLocale), as the portal and the PDFs show it.
 */
export const when = (d: Date | string | null, locale: string = DEFAULT_LOCALE): string => momentText(d, locale);
