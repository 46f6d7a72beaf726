import { AppError } from "@/lib/http/problem";
import { LOCALES } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";

/**
 * The language named for each person of a create request (a participant of
 * templateSettings.workflow.recipients, a signer of templateSettings.esign.signers), as the workflow
 * keeps it: the catalogue's tag (de-AT is de, pt is pt-PT), or 422 workflow.locale_unsupported
 * naming every entry of `path` whose language Sealpost does not write.
 */
export function withCatalogueLocales<T extends { locale?: string }>(entries: readonly T[], path: string): T[] {
  const errors = entries.flatMap((r, i) =>
    r.locale === undefined || supportedLocaleOf(r.locale)
      ? []
      : [
          {
            path: `${path}.${i}.locale`,
            message: `"${r.locale}" is not a language Sealpost writes; use one of ${LOCALES.map((l) => l.tag).join(", ")}`,
          },
        ],
  );
  if (errors.length) {
    throw new AppError("workflow.locale_unsupported", errors.map((e) => `${e.path}: ${e.message}`).join("; "), { errors });
  }
  return entries.map(({ locale, ...r }) => {
    const supported = supportedLocaleOf(locale);
    return (supported ? { ...r, locale: supported } : r) as T;
  });
}
