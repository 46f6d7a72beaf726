/**
 * RFC 4180 CSV that spreadsheets open safely: a cell starting with =, +, -, @, tab or carriage return
 * would be read as a formula (CSV injection, OWASP), so it gets a leading apostrophe; cells holding a
 * comma, quote, CR or LF are quoted, quotes doubled. Lines end with CRLF.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: string[]): string => cells.map(csvCell).join(",") + "\r\n";

/** A UTF-8 byte-order mark first, so that Excel reads the file as UTF-8 rather than the local code page. */
export const csvDocument = (header: string[], rows: string[][]): string => "\uFEFF" + [header, ...rows].map(csvLine).join("");

/** How a stored value reads in a cell: text as is, numbers and booleans as written, lists and objects as JSON, nothing as empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
