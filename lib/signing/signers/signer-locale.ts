import type { Workflow, WorkflowSigner } from "@/lib/db/schema";
import { DEFAULT_LOCALE, type SupportedLocale } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";

/**
 * The language the sender named for a signer: the signer's own (esign.signers[].locale), else the
 * workflow's or its template's `locale` where a catalogue writes it (de-DE is de), else none: the
 * signing page then follows the browser, and mails use the default.
 */
export function signerLocale(wf: Pick<Workflow, "settings">, s: Pick<WorkflowSigner, "locale">): SupportedLocale | null {
  return supportedLocaleOf(s.locale) ?? supportedLocaleOf(wf.settings.locale);
}

/** The language of a signer's mails: the one named for them, else the default (a mail has no browser to follow). */
export const signerMailLocale = (wf: Pick<Workflow, "settings">, s: Pick<WorkflowSigner, "locale">): SupportedLocale =>
  signerLocale(wf, s) ?? DEFAULT_LOCALE;
