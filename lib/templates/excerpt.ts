const MAX = 40;

/**
 * A value quoted in a validation message: at most 40 characters and its length when cut. Messages are
 * stored, listed and laid out in receipts, so a hostile megabyte must not travel with them.
 */
export function excerpt(value: string, max = MAX): string {
  if (value.length <= max) return `"${value}"`;
  return `"${value.slice(0, max)}…" (${value.length.toLocaleString("en")} characters)`;
}
