import { displayValue } from "./tokens";
import type { FieldDef } from "./front-matter";

/**
 * Formatters after a token's key: `{{amountDue | currency}}`, `{{rate | percent:1}}`,
 * `{{dueDate | date:long}}`, `{{nickname | upper | default:"—"}}`. Numbers, dates and currencies are
 * written by `Intl` in the template's locale (separators, month names, currency symbols), never by
 * hand. A formatter a template names wrongly is found when the template loads (checkPipes), not
 * while a batch renders.
 */
export interface Pipe {
  name: string;
  arg?: string;
}

export interface FormatContext {
  /** BCP 47; the template's `locale`. */
  locale: string;
  /** ISO 4217; the template's `style.currency`, for `| currency` without an argument. */
  currency?: string;
  /** Resolves a field key, for `| currency:currencyField`. */
  lookup: (key: string) => unknown;
}

/**
 * A `|` inside a token of the template's source, before Markdown reads it: a table cell holding
 * `{{amountDue | currency}}` would otherwise be cut in two at the pipe (GFM's column separator).
 * One character for one, so that every position Markdown reports stays the source's.
 */
export const PIPE_MARK = "\uE000";
export const markTokenPipes = (source: string) => source.replace(/\{\{[^{}\n]*\}\}/g, (t) => t.replaceAll("|", PIPE_MARK));

/** The pipes after a key, as written: `| name` or `| name:arg` (arg bare or "quoted"). */
export const PIPES = String.raw`(?:[|\uE000]\s*[A-Za-z]+\s*(?::\s*(?:"[^"]*"|[^|\uE000}\s"]+)\s*)?)*`;
const ONE_PIPE = /[|\uE000]\s*([A-Za-z]+)\s*(?::\s*(?:"([^"]*)"|([^|\uE000}\s"]+))\s*)?/g;

const parsed = new Map<string, Pipe[]>();

export function parsePipes(tail: string): Pipe[] {
  let pipes = parsed.get(tail);
  if (!pipes) {
    pipes = [...tail.matchAll(ONE_PIPE)].map((m) => ({
      name: m[1],
      ...(m[2] !== undefined || m[3] !== undefined ? { arg: m[2] ?? m[3] } : {}),
    }));
    if (parsed.size < 10_000) parsed.set(tail, pipes);
  }
  return pipes;
}

const DATE_STYLES = ["full", "long", "medium", "short"] as const;
const DATE_PATTERN = /yyyy|yy|MMMM|MMM|MM|M|dd|d|EEEE|EEE|'[^']*'|[A-Za-z]/g;
const CURRENCY = /^[A-Z]{3}$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/;
const DIGITS = /^(?:[0-9]|1[0-9]|20)$/;

export const FORMATTERS = ["currency", "number", "percent", "date", "upper", "lower", "default"] as const;

/** Why these pipes cannot work, in an author's words; null when they can. `currency` is the template's own. */
export function checkPipes(pipes: Pipe[], currency: string | undefined): string | null {
  for (const { name, arg } of pipes) {
    switch (name) {
      case "currency":
        if (arg === undefined && !currency)
          return `"currency" needs a currency: set style.currency in the front matter or write currency:EUR`;
        if (arg !== undefined && !CURRENCY.test(arg) && !FIELD.test(arg))
          return `"currency:${arg}" names neither an ISO 4217 code (EUR) nor a field`;
        if (arg !== undefined && CURRENCY.test(arg) && !isCurrency(arg)) return `"${arg}" is not an ISO 4217 currency code`;
        break;
      case "number":
      case "percent":
        if (arg !== undefined && !DIGITS.test(arg)) return `"${name}:${arg}": the argument is the number of decimals, 0 to 20`;
        break;
      case "date":
        if (arg === undefined || (DATE_STYLES as readonly string[]).includes(arg)) break;
        for (const part of arg.match(DATE_PATTERN) ?? []) {
          if (part.length === 1 && /[A-Za-z]/.test(part) && part !== "M" && part !== "d")
            return `"date:${arg}": "${part}" is not a date pattern letter (use yyyy, yy, MMMM, MMM, MM, M, dd, d, EEEE, EEE; quote other text: 'of')`;
        }
        break;
      case "upper":
      case "lower":
        if (arg !== undefined) return `"${name}" takes no argument`;
        break;
      case "default":
        if (arg === undefined) return `"default" needs the text to show, e.g. default:"—"`;
        break;
      default:
        return `unknown formatter "${name}" (known: ${FORMATTERS.join(", ")})`;
    }
  }
  return null;
}

let currencies: Set<string> | undefined;
function isCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf("currency"));
  return currencies.has(code);
}

/** Formats cached per locale and options: building an Intl formatter costs far more than using one. */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function numberFormat(locale: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(opts)}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, opts)));
  return f;
}
function dateFormat(locale: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(opts)}`;
  let f = dateFormats.get(key);
  // Dates are calendar dates ("2026-12-01"): formatted in UTC, so no time zone moves them a day.
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, { ...opts, timeZone: "UTC" })));
  return f;
}

const asNumber = (v: unknown): number | null => {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const asDate = (v: unknown): Date | null => {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(v.trim())) return null;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? `${v.trim()}T00:00:00Z` : v.trim());
  return Number.isNaN(d.getTime()) ? null : d;
};

function formatDate(d: Date, arg: string | undefined, locale: string): string {
  if (arg === undefined || (DATE_STYLES as readonly string[]).includes(arg)) {
    return dateFormat(locale, { dateStyle: (arg ?? "long") as (typeof DATE_STYLES)[number] }).format(d);
  }
  const part = (opts: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes) =>
    dateFormat(locale, opts)
      .formatToParts(d)
      .find((p) => p.type === type)?.value ?? "";
  return arg.replace(DATE_PATTERN, (t) => {
    switch (t) {
      case "yyyy":
        return part({ year: "numeric" }, "year");
      case "yy":
        return part({ year: "2-digit" }, "year");
      case "MMMM":
        return part({ month: "long", day: "numeric" }, "month");
      case "MMM":
        return part({ month: "short", day: "numeric" }, "month");
      case "MM":
        return part({ month: "2-digit" }, "month");
      case "M":
        return part({ month: "numeric" }, "month");
      case "dd":
        return part({ day: "2-digit" }, "day");
      case "d":
        return part({ day: "numeric" }, "day");
      case "EEEE":
        return part({ weekday: "long" }, "weekday");
      case "EEE":
        return part({ weekday: "short" }, "weekday");
      default:
        return t.startsWith("'") ? t.slice(1, -1) : t;
    }
  });
}

/**
 * The text of `value` through `pipes`. Without a formatter that writes it, a value of a number field
 * is written as a number of the locale (1,234.5) and one of a date field as a long date
 * ("1 December 2026"). A value a formatter cannot read (text in a number) is written as it is: the
 * record's validation is where a wrong type is refused, not the document.
 */
export function formatValue(value: unknown, pipes: readonly Pipe[], field: FieldDef | undefined, ctx: FormatContext): string {
  let text: string | null = null;
  const writes = pipes.some((p) => p.name !== "upper" && p.name !== "lower" && p.name !== "default");
  if (!writes && value !== undefined && value !== null) {
    const n = field?.type === "number" || field?.type === "integer" ? asNumber(value) : null;
    const d = field?.type === "date" ? asDate(value) : null;
    if (n !== null) text = numberFormat(ctx.locale, {}).format(n);
    else if (d) text = formatDate(d, undefined, ctx.locale);
  }
  text ??= displayValue(value);
  for (const { name, arg } of pipes) {
    switch (name) {
      case "currency": {
        const n = asNumber(value);
        const code = arg === undefined ? ctx.currency : CURRENCY.test(arg) ? arg : displayValue(ctx.lookup(arg)).toUpperCase();
        if (n !== null && code && isCurrency(code)) text = numberFormat(ctx.locale, { style: "currency", currency: code }).format(n);
        break;
      }
      case "number":
      case "percent": {
        const n = asNumber(value);
        const digits = arg === undefined ? {} : { minimumFractionDigits: Number(arg), maximumFractionDigits: Number(arg) };
        if (n !== null) text = numberFormat(ctx.locale, { ...digits, ...(name === "percent" ? { style: "percent" } : {}) }).format(n);
        break;
      }
      case "date": {
        const d = asDate(value);
        if (d) text = formatDate(d, arg, ctx.locale);
        break;
      }
      case "upper":
        text = text.toLocaleUpperCase(ctx.locale);
        break;
      case "lower":
        text = text.toLocaleLowerCase(ctx.locale);
        break;
      case "default":
        if (text.trim() === "") text = arg ?? "";
        break;
    }
  }
  return text;
}
