import type { SupportedLocale } from "./locales";
import { mailLocale, outsideLocale } from "./outside-locale";

/**
 * The language of a mail to the sending company's own people (a batch's approvers and submitter, a
 * workflow's approvers): the tenant's default (`tenantLocale`, from tenantDefaultLocale) where it
 * names one of the catalogues, else en-GB. They read the company's language, whatever language its
 * documents speak to the people outside: a form sent to a customer in French does not make a German
 * approver's mail French, so neither the workflow's nor the template's `locale` counts here, and a
 * member of staff has no language of their own on record. The reviewer pages an approver opens from
 * such a mail are in the same language (else, on a page, the approver's browser's: staffLocale).
 */
export const staffMailLocale = (tenantLocale: string | null | undefined): SupportedLocale => mailLocale({ tenant: tenantLocale });

/** The language of a page for the sending company's own people (a reviewer's): the tenant's default, else none (the browser's). */
export const staffLocale = (tenantLocale: string | null | undefined): SupportedLocale | null => outsideLocale({ tenant: tenantLocale });
