import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";

/** Longest name a greeting repeats: a name, not a paragraph someone put in a name field. */
const MAX_NAME = 100;

/**
 * A value from a record or a request made into one line of a plain-text mail: line breaks (CR, LF,
 * NEL, the Unicode line and paragraph separators) and other control characters become spaces, runs of
 * white space one space, and it is cut at `max` characters. A name holding a line break would
 * otherwise start a line of its own in the mail, one that reads as if Sealpost had written it.
 */
export function oneLine(value: string, max = MAX_NAME): string {
  const flat = value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * The first line of a mail in `locale`: "Hello Ann Smith," with the person's name, "Hello," when none
 * is known ("Guten Tag Ann Smith,", "Ann Smith 様"). Mails not yet written in the recipient's language
 * greet in English.
 */
export function greeting(name: string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  const n = name ? oneLine(name) : "";
  const t = translatorFor(locale);
  return n ? t("mail.greeting.named", { name: n }) : t("mail.greeting.anonymous");
}
