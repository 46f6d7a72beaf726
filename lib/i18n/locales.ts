/**
 * The languages Sealpost writes to people outside the sending company in: each with its name in its
 * own language (the language menu shows every option so, whatever the page's language) and its
 * direction. Pure and free of the catalogues, so that the browser may import it.
 */
export const LOCALES = [
  { tag: "en-GB", name: "English (UK)", dir: "ltr" },
  { tag: "en-US", name: "English (US)", dir: "ltr" },
  { tag: "de", name: "Deutsch", dir: "ltr" },
  { tag: "fr", name: "Français", dir: "ltr" },
  { tag: "es", name: "Español", dir: "ltr" },
  { tag: "it", name: "Italiano", dir: "ltr" },
  { tag: "nl", name: "Nederlands", dir: "ltr" },
  { tag: "pt-PT", name: "Português (Portugal)", dir: "ltr" },
  { tag: "pt-BR", name: "Português (Brasil)", dir: "ltr" },
  { tag: "pl", name: "Polski", dir: "ltr" },
  { tag: "cs", name: "Čeština", dir: "ltr" },
  { tag: "sk", name: "Slovenčina", dir: "ltr" },
  { tag: "uk", name: "Українська", dir: "ltr" },
  { tag: "sv", name: "Svenska", dir: "ltr" },
  { tag: "da", name: "Dansk", dir: "ltr" },
  { tag: "nb", name: "Norsk bokmål", dir: "ltr" },
  { tag: "fi", name: "Suomi", dir: "ltr" },
  { tag: "el", name: "Ελληνικά", dir: "ltr" },
  { tag: "tr", name: "Türkçe", dir: "ltr" },
  { tag: "ar", name: "العربية", dir: "rtl" },
  { tag: "he", name: "עברית", dir: "rtl" },
  { tag: "ja", name: "日本語", dir: "ltr" },
  { tag: "ko", name: "한국어", dir: "ltr" },
  { tag: "zh-Hans", name: "简体中文", dir: "ltr" },
  { tag: "zh-Hant", name: "繁體中文", dir: "ltr" },
] as const satisfies ReadonlyArray<{ tag: string; name: string; dir: "ltr" | "rtl" }>;

/** A language of the menu: one with a catalogue of its own in messages/. */
export type SupportedLocale = (typeof LOCALES)[number]["tag"];

/**
 * English made strange on purpose (accented letters, two fifths longer, placeholders kept), built
 * from the English catalogue when it is loaded: a page in it shows at a glance any text that does
 * not come from a catalogue, and any box too narrow for a longer language. For tests and screenshots;
 * never in the menu.
 */
export const PSEUDO_LOCALE = "en-XA";

/** Every locale a page, a mail or a document can be in. */
export type Locale = SupportedLocale | typeof PSEUDO_LOCALE;

/** What people read where nothing names a language, not even their tenant's default (outside-locale.ts). */
export const DEFAULT_LOCALE = "en-GB" satisfies SupportedLocale;

const byTag = new Map<string, (typeof LOCALES)[number]>(LOCALES.map((l) => [l.tag, l]));

export const isSupportedLocale = (tag: unknown): tag is SupportedLocale => typeof tag === "string" && byTag.has(tag);

export const isLocale = (tag: unknown): tag is Locale => tag === PSEUDO_LOCALE || isSupportedLocale(tag);

/** "rtl" for Arabic and Hebrew, which `<html dir>` and the CSS logical properties mirror the page by. */
export const localeDirection = (locale: Locale): "ltr" | "rtl" => byTag.get(locale)?.dir ?? "ltr";

/**
 * A BCP 47 tag this runtime can write dates and numbers in, in its canonical form, or null: what a
 * template's or a workflow's `locale` (formatted values: "1. Februar 2027", "1.250,5") may be. Wider
 * than the catalogues: de-CH formats Swiss numbers while the words are the `de` catalogue's.
 */
export function formattableLocale(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical && Intl.DateTimeFormat.supportedLocalesOf(canonical).length && Intl.NumberFormat.supportedLocalesOf(canonical).length
      ? canonical
      : null;
  } catch {
    return null;
  }
}
