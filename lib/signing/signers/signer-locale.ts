import type { Workflow, WorkflowSigner } from "@/lib/db/schema";
import type { SupportedLocale } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";
import { mailLocale, outsideLocale } from "@/lib/i18n/outside-locale";

/**
 * The language the sender named for a signer: the signer's own (esign.signers[].locale), else the
 * workflow's or its template's `locale`, else the tenant's default (`tenantLocale`, from
 * tenantDefaultLocale), where a catalogue writes it (de-DE is de); else none: the signing page then
 * follows the browser, and mails are in en-GB. The order is outsideLocale's.
 */
export function signerLocale(
  wf: Pick<Workflow, "settings">,
  s: Pick<WorkflowSigner, "locale">,
  tenantLocale: string | null,
): SupportedLocale | null {
  return outsideLocale({ person: s.locale, document: wf.settings.locale, tenant: tenantLocale });
}

/** The language of a signer's mails: the one named for them, else en-GB (a mail has no browser to follow). */
export const signerMailLocale = (
  wf: Pick<Workflow, "settings">,
  s: Pick<WorkflowSigner, "locale">,
  tenantLocale: string | null,
): SupportedLocale => mailLocale({ person: s.locale, document: wf.settings.locale, tenant: tenantLocale });

/**
 * The language a signer signed in: the one they read the consent in (the signing page's, their own
 * choice there outranking what was named for them), else their mails'. Their signature's box is
 * written in it.
 */
export const signedLocale = (
  wf: Pick<Workflow, "settings">,
  s: Pick<WorkflowSigner, "locale" | "consentLocale">,
  tenantLocale: string | null,
): SupportedLocale => supportedLocaleOf(s.consentLocale) ?? signerMailLocale(wf, s, tenantLocale);
