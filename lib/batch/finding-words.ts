import { dateText, numberText } from "@/lib/format/show-value";
import { isolate } from "@/lib/i18n/isolate";
import type { Locale } from "@/lib/i18n/locales";
import type { FindingWords, WordValue } from "@/lib/i18n/words";

/**
 * An intake finding (lib/batch/validate-records.ts) in a reader's language: its words' sentence of
 * the catalogues (`finding.*`, written out whole where the finding is made) with its values set in
 * that language. Every text value is the sender's or the record's (a label, an address, an example, a
 * file name), so it is isolated (lib/i18n/isolate.ts) and keeps its own direction inside the sentence;
 * a list of them is joined as the language joins ("a, b or c" for the options a value must be one of,
 * "a, b and c" otherwise); `limit` is a field's bound as the form's hints write it (a number or a day
 * in the reader's way); other numbers go to the message as numbers, for its plurals and number format.
 * `set` sets a value apart: isolated for pages, which show each isolated run as a <bdi>; a PDF, whose
 * fonts draw no isolate mark, passes the value as it is (`asItIs`) and leaves it to the bidi algorithm.
 */
export function findingText(t: CatalogueWords, locale: Locale, words: FindingWords, set: (text: string) => string = isolate): string {
  const values = Object.fromEntries(Object.entries(words.values).map(([name, v]) => [name, shown(name, v, locale, set)]));
  return (t as unknown as (key: string, values: Record<string, string | number>) => string)(words.key, values);
}

/**
 * A translator of the catalogues with whole keys: translatorFor's (lib/i18n/translator.ts) in a
 * document or on a server page, useTranslations()'s in a client component given the `finding` namespace.
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
