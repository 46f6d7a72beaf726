/**
 * Numbers as people type them into a form, in the form's language: a participant in Lyon writes
 * "3,5" and "1 234,50", one in Munich "1.234,50", one in Riyadh may type Arabic-Indic digits, one in
 * Tokyo full-width digits from the input method. The API stores JSON numbers; these turn one into the
 * other without making anyone write the API's way.
 */

/** Digits of other numbering systems a keyboard or input method may type, as ASCII digits. */
const DIGIT_BLOCKS = [0x0660, 0x06f0, 0x0966, 0xff10];
const OTHER_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\uff10-\uff19]/g;

function asciiDigits(text: string): string {
  return (
    text
      .replace(OTHER_DIGITS, (d) => {
        const code = d.codePointAt(0)!;
        const block = DIGIT_BLOCKS.find((start) => code >= start && code <= start + 9)!;
        return String(code - block);
      })
      // The Arabic decimal and thousands separators, the minus sign and the full-width ones.
      .replace(/[\u066b\uff0e]/g, ".")
      .replace(/[\u066c\uff0c]/g, ",")
      .replace(/[\u2212\uff0d]/g, "-")
      .replace(/\uff0b/g, "+")
  );
}

interface Separators {
  decimal: string;
  group: string;
}

const separatorsCache = new Map<string, Separators>();

/** The decimal and grouping separators a language writes numbers with ("," and "." in German). */
function separatorsOf(locale: string): Separators {
  let s = separatorsCache.get(locale);
  if (!s) {
    const parts = new Intl.NumberFormat(locale, { numberingSystem: "latn" }).formatToParts(12345.6);
    s = {
      decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
      group: parts.find((p) => p.type === "group")?.value ?? ",",
    };
    separatorsCache.set(locale, s);
  }
  return s;
}

const PLAIN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
// Digits grouped by spaces of any width or apostrophes, as French, Polish or Swiss writers group them.
const SPACE_GROUPED = /^([+-]?)(\d{1,3}(?:[ \u00a0\u202f']\d{3})+)(?:,(\d+))?$/u;
const DOT_GROUPED = /^([+-]?)(\d{1,3}(?:\.\d{3})+)(?:,(\d+))?$/;
const COMMA_DECIMAL = /^([+-]?)(\d*),(\d+)$/;
const COMMA_GROUPED = /^([+-]?)(\d{1,3}(?:,\d{3})+)(\.\d+)?$/;

/**
 * The number a form's text means in `locale`, or null when it is not one (half-typed, or a number
 * written another language's way, which the field's message then explains). A language writing a
 * decimal comma takes "3,5", "1.234,5" and "1 234,5"; "3.500" there is three thousand five hundred, as
 * its readers mean it, while "3.5", which no grouping writes, is three and a half. A language writing
 * a decimal point takes "1,234.5"; "3,5" there stays unread, since its readers may mean 35 or 3.5.
 */
export function numberFromInput(text: string, locale: string): number | null {
  const t = asciiDigits(text.trim());
  const whole = (sign: string, digits: string, fraction?: string) => Number(`${sign}${digits.replace(/\D/g, "")}${fraction ?? ""}`);
  if (separatorsOf(locale).decimal === ",") {
    const m = DOT_GROUPED.exec(t) ?? SPACE_GROUPED.exec(t);
    if (m) return whole(m[1], m[2], m[3] === undefined ? "" : `.${m[3]}`);
    const c = COMMA_DECIMAL.exec(t);
    if (c) return Number(`${c[1]}${c[2] || "0"}.${c[3]}`);
  } else {
    const m = COMMA_GROUPED.exec(t);
    if (m) return whole(m[1], m[2], m[3]);
  }
  const spaced = /^([+-]?)(\d{1,3}(?:[ \u00a0\u202f']\d{3})+)(\.\d+)?$/u.exec(t);
  if (spaced) return whole(spaced[1], spaced[2], spaced[3]);
  if (!PLAIN.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/**
 * A stored number as the form shows it for editing: the language's decimal separator, no grouping,
 * every digit kept. The rare number JavaScript writes with an exponent keeps it, which every language reads back.
 */
export function numberInputText(n: number, locale: string): string {
  const text = String(n);
  return /e/i.test(text) ? text : text.replace(".", separatorsOf(locale).decimal);
}
