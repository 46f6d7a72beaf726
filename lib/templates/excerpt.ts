const MAX = 40;

/**
 * A value quoted in a validation message: at most 40 characters and its length when cut. Messages are
 * stored, listed and laid out in receipts, so a hostile megabyte must not travel with them.
 */
export function excerpt(value: string, max = MAX): string {
  if (value.length <= max) return `"${value}"`;
  return `"${value.slice(0, max)}…" (${value.length.toLocaleString("en")} characters)`;
}

/**
 * The same value for a sentence of the catalogues (lib/i18n/words.ts): at most `max` characters, "…"
 * where cut, no quotation marks (the sentence sets the value apart in its own language's way).
 */
export const excerptValue = (value: string, max = MAX): string => (value.length <= max ? value : `${value.slice(0, max)}…`);
