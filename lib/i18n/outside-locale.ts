import { DEFAULT_LOCALE, type SupportedLocale } from "./locales";
import { supportedLocaleOf } from "./match-locale";

/** The languages the sender may have named for a person outside the sending company, as stored. */
export interface NamedLocales {
  /** The person's own: a participant's `workflow.recipients[].locale`, a signer's `esign.signers[].locale`. */
  person?: string | null;
  /** The workflow's `locale` (the request's, else its template's), or a batch template's front matter `locale`. */
  document?: string | null;
  /** The tenant's `defaultLocale` (`npm run admin -- tenant update --default-locale`). */
  tenant?: string | null;
}

/**
 * The language Sealpost writes to a participant, a signer or a recipient in, the one place that
 * orders the sources: the person's own, else the workflow's or template's, else the tenant's
 * default; each counts only where it names one of the catalogues (de-DE is de, pt is pt-PT), so a
 * template formatting Hindi dates still leaves its mails to the tenant's default. Null where none
 * does: a page then follows the browser's Accept-Language (resolveLocale), a mail is in en-GB
 * (mailLocale). A page's language menu (its cookie) outranks all of these: the choice is the person's.
 */
export function outsideLocale({ person, document, tenant }: NamedLocales): SupportedLocale | null {
  return supportedLocaleOf(person) ?? supportedLocaleOf(document) ?? supportedLocaleOf(tenant);
}

/** The language of a mail to a person outside: as outsideLocale, else the default (a mail has no browser to follow). */
export const mailLocale = (named: NamedLocales): SupportedLocale => outsideLocale(named) ?? DEFAULT_LOCALE;
