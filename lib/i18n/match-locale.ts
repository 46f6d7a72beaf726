import { DEFAULT_LOCALE, isLocale, isSupportedLocale, PSEUDO_LOCALE, type Locale, type SupportedLocale } from "./locales";

/**
 * Which of Sealpost's languages a BCP 47 tag asks for. The rules, in order:
 *
 * - the tag is canonicalised first, so case does not matter and old codes are read as today's (iw is he);
 * - a tag of the list itself is that language (the pseudo-locale only so, written out);
 * - English of the United States and of the places CLDR's language matching writes US English in
 *   (American Samoa, Canada, Guam, the Marshall Islands, the Northern Marianas, the Philippines,
 *   Puerto Rico, the US Virgin and Minor Outlying Islands) is en-US; every other English is en-GB,
 *   and so is a bare `en`, Sealpost's default being British;
 * - Portuguese of Brazil is pt-BR; every other Portuguese, and a bare `pt`, is pt-PT: the default is
 *   European, as for English (CLDR would read a bare `pt` as Brazilian);
 * - Chinese in traditional characters (zh-Hant, and the regions that write them: zh-TW, zh-HK,
 *   zh-MO) is zh-Hant; every other Chinese, a bare `zh` included, is zh-Hans;
 * - Norwegian (`no`) and Nynorsk (`nn`) readers get Bokmål (nb), the written standard most use;
 * - any other tag is its language's catalogue whatever its region or script (de-AT is de, fr-CA fr);
 * - anything else (a language Sealpost does not write, `*`, a malformed tag) matches nothing.
 */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  let canonical: string;
  try {
    [canonical] = Intl.getCanonicalLocales(tag);
  } catch {
    return null;
  }
  if (!canonical) return null;
  if (isLocale(canonical)) return canonical;
  const locale = new Intl.Locale(canonical);
  const region = locale.region;
  switch (locale.language) {
    case "en":
      return region && US_ENGLISH.has(region) ? "en-US" : "en-GB";
    case "pt":
      return region === "BR" ? "pt-BR" : "pt-PT";
    case "zh":
      return locale.maximize().script === "Hant" ? "zh-Hant" : "zh-Hans";
    case "no":
    case "nn":
      return "nb";
    default:
      return isSupportedLocale(locale.language) ? locale.language : null;
  }
}

/**
 * The catalogue a tag stored for a person or a document names (de-DE is de, pt is pt-PT), or null:
 * a language Sealpost does not write, and the pseudo-locale, which is for tests and never stored.
 */
export function supportedLocaleOf(tag: string | null | undefined): SupportedLocale | null {
  const locale = matchLocale(tag);
  return locale && isSupportedLocale(locale) ? locale : null;
}

/** CLDR's $enUS: where English is written as in the United States. */
const US_ENGLISH = new Set(["US", "AS", "CA", "GU", "MH", "MP", "PH", "PR", "UM", "VI"]);

/** Accept-Language is the client's: only its first so many characters and entries are read. */
const MAX_HEADER = 4096;
const MAX_ENTRIES = 32;

/**
 * The tags of an Accept-Language header, most wanted first: by q-value (1 when absent), ties in the
 * header's order. Entries with q=0 (not wanted), a malformed q, or the wildcard are left out.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: Array<{ tag: string; q: number; at: number }> = [];
  for (const [at, part] of header.slice(0, MAX_HEADER).split(",").slice(0, MAX_ENTRIES).entries()) {
    const [rawTag, ...params] = part.split(";");
    const tag = rawTag.trim();
    if (!tag || tag === "*") continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*(\S*)\s*$/i.exec(p);
      if (m) q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(m[1]) ? Number(m[1]) : Number.NaN;
    }
    if (q > 0) entries.push({ tag, q, at });
  }
  return entries.sort((a, b) => b.q - a.q || a.at - b.at).map((e) => e.tag);
}

/** Where a page's or a mail's language may come from, strongest first. */
export interface LocaleSources {
  /** The person's own choice from the language menu, kept in the `sealpost-locale` cookie: it wins. */
  cookie?: string | null;
  /**
   * The language stored or named for this person or document (a delivery's stored locale; a signer's or
   * participant's by outsideLocale: their own, the workflow's, the tenant's default).
   */
  explicit?: string | null;
  /** The browser's Accept-Language header, read where nothing above names a language. */
  acceptLanguage?: string | null;
  /** Where nothing matches: the default (en-GB). */
  fallback?: SupportedLocale;
}

/** The language a person reads a page in: the first source that names one of Sealpost's languages. */
export function resolveLocale({ cookie, explicit, acceptLanguage, fallback = DEFAULT_LOCALE }: LocaleSources): Locale {
  const chosen = matchLocale(cookie) ?? matchLocale(explicit);
  if (chosen) return chosen;
  for (const tag of acceptedLanguages(acceptLanguage)) {
    const match = matchLocale(tag);
    // The pseudo-locale is for tests, which set it by cookie; a browser asking for en-XA gets English.
    if (match && match !== PSEUDO_LOCALE) return match;
  }
  return fallback;
}
