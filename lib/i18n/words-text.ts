import { dateText, numberText } from "@/lib/format/show-value";
import { isolate } from "@/lib/i18n/isolate";
import type { Locale } from "@/lib/i18n/locales";
import type { Words, WordValue } from "@/lib/i18n/words";

/**
 * Words (lib/i18n/words.ts) in a reader's language: their sentence of the catalogues (an intake
 * finding's `finding.*`, made by lib/batch/validate-records.ts; an explain trace's `trace.*`, made by
 * lib/explain/assemble-trace.ts; each written out whole where it is made) with its values set in
 * that language. Every text value is the sender's, the record's or the template's (a label, an
 * address, an example, a file name, a `{{token}}`, a colour, a rule id), so it is isolated
 * (lib/i18n/isolate.ts) and keeps its own direction inside the sentence;
 * a list of them is joined as the language joins ("a, b or c" for the options a value must be one of,
 * "a, b and c" otherwise); `limit` is a field's bound as the form's hints write it (a number or a day
 * in the reader's way); other numbers go to the message as numbers, for its plurals and number format.
 * `set` sets a value apart: isolated for pages, which show each isolated run as a <bdi>; a PDF, whose
 * fonts draw no isolate mark, passes the value as it is (`asItIs`) and leaves it to the bidi algorithm.
 */
export function wordsText(t: CatalogueWords, locale: Locale, words: Words, set: (text: string) => string = isolate): string {
  const values = Object.fromEntries(Object.entries(words.values).map(([name, v]) => [name, shown(name, v, locale, set)]));
  return (t as unknown as (key: string, values: Record<string, string | number>) => string)(words.key, values);
}

/**
 * A translator of the catalogues with whole keys: translatorFor's (lib/i18n/translator.ts) in a
 * document or on a server page, useTranslations()'s in a client component.
 */
export type CatalogueWords = (key: never, values: never) => string;

/** For `set`: a value as it is, for a document that draws no isolate marks. */
export const asItIs = (text: string): string => text;

const lists = new Map<string, Intl.ListFormat>();

function shown(name: string, v: WordValue, locale: Locale, set: (text: string) => string): string | number {
  if (Array.isArray(v)) {
    const type = name === "options" ? "disjunction" : "conjunction";
    let f = lists.get(`${locale} ${type}`);
    if (!f) lists.set(`${locale} ${type}`, (f = new Intl.ListFormat(locale, { type })));
    return f.format(v.map(set));
  }
  if (name === "limit") return typeof v === "number" ? numberText(v, locale) : /^\d{4}-\d{2}-\d{2}$/.test(v) ? dateText(v, locale) : set(v);
  if (typeof v === "number") return v;
  // A select's case (an address fault's kind) is a code, not text.
  if (name === "fault") return v;
  return set(v);
}
