import { z } from "zod";
import { AppError } from "@/lib/http/problem";
import { LOCALES, type SupportedLocale } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";
import { mailLocale } from "@/lib/i18n/outside-locale";
import type { WorkflowSettings } from "@/lib/db/json/workflow-settings";

/**
 * The `locale` of a person a create request names (a participant of templateSettings.workflow.recipients,
 * a signer of templateSettings.esign.signers): any tag here, checked against the catalogues by
 * withCatalogueLocales, so that a language Sealpost does not write is a 422 naming the entry rather
 * than a 400.
 */
export const personLocaleField = z
  .string()
  .trim()
  .max(35)
  .optional()
  .describe(
    "The language of this person's mails and pages (a participant's portal, a signer's signing page): one of Sealpost's (en-GB, de, fr, ar, ja…), a regional tag read as its language's (de-AT is de); any other is 422 workflow.locale_unsupported naming the entry. Absent: the workflow's `locale`, else the tenant's default locale.",
  );

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

/**
 * The language of a workflow's documents (its sealed record, signature pages and certificate of
 * completion): the initiator's, which is the workflow's `locale` (the request's, else the
 * template's), else the tenant's default (`tenantLocale`, from tenantDefaultLocale), where a
 * catalogue writes it; else en-GB. outsideLocale's order without a person: a document, like a mail,
 * has no browser to follow.
 */
export const workflowDocumentLocale = (wf: { settings: Pick<WorkflowSettings, "locale"> }, tenantLocale: string | null): SupportedLocale =>
  mailLocale({ document: wf.settings.locale, tenant: tenantLocale });
