/** The locale of what people read when neither the workflow nor the template names one. */
export const DEFAULT_LOCALE = "en-GB";

/** A BCP 47 tag this runtime can format with, in its canonical form, or null. */
export function supportedLocale(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical && Intl.DateTimeFormat.supportedLocalesOf(canonical).length && Intl.NumberFormat.supportedLocalesOf(canonical).length
      ? canonical
      : null;
  } catch {
    return null;
  }
}
