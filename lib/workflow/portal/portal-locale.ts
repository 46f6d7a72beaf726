import { and, eq } from "drizzle-orm";
import { verifyPortalToken, type PortalPrincipal } from "@/lib/auth/portal-token";
import { getDb } from "@/lib/db/client";
import { tenants, workflows } from "@/lib/db/schema";
import type { WorkflowSettings } from "@/lib/db/json/workflow-settings";
import type { SupportedLocale } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";
import { mailLocale, outsideLocale } from "@/lib/i18n/outside-locale";
import { staffLocale } from "@/lib/i18n/staff-locale";
import { portalActor, recordEvent } from "../events";

/**
 * Which language the portal's people read, in its mails and on its pages, in outsideLocale's order. A
 * participant: the `locale` of their entry of the recipients, else the workflow's `locale` (the
 * request's, else the template's), else the tenant's default (`tenantLocale`, from
 * tenantDefaultLocale), where it names a language Sealpost writes (de-DE is de). A reviewer is one of
 * the sending company's approvers: the tenant's language, as their approval mail
 * (lib/i18n/staff-locale.ts), whatever language the form speaks to its participant. Where none names
 * one, a mail is in en-GB and a page in the browser's language (Accept-Language).
 */
export const participantLocale = (
  settings: Pick<WorkflowSettings, "locale">,
  recipient: { locale?: string } | undefined,
  tenantLocale: string | null,
): SupportedLocale | null => outsideLocale({ person: recipient?.locale, document: settings.locale, tenant: tenantLocale });

/** The language of a mail to a participant. */
export const participantMailLocale = (
  settings: Pick<WorkflowSettings, "locale">,
  recipient: { locale?: string },
  tenantLocale: string | null,
): SupportedLocale => mailLocale({ person: recipient.locale, document: settings.locale, tenant: tenantLocale });

/** A portal page as its address names it: the workflow, the link's token (`pt`) and the language the mail's link carries (`lang`). */
export interface PortalPageAddress {
  workflowId: string;
  token: string | null;
  lang: string | null;
}

/**
 * Tokens older than their four hours still say which workflow a page is about: the page of an
 * expired link is in the language of its mail too.
 */
const LANGUAGE_GRACE_S = 30 * 24 * 3600;

/** The workflow the page's token opens, with its tenant's default language, or null: no token, a forged or foreign one, or no such workflow. */
async function pageWorkflow(
  page: PortalPageAddress,
): Promise<{ portal: PortalPrincipal; settings: WorkflowSettings; tenantLocale: string | null } | null> {
  if (!page.token) return null;
  let portal: PortalPrincipal;
  try {
    portal = await verifyPortalToken(page.token, LANGUAGE_GRACE_S);
  } catch {
    return null;
  }
  if (portal.workflowId !== page.workflowId) return null;
  const db = await getDb();
  const [wf] = await db
    .select({ settings: workflows.settings, tenantLocale: tenants.defaultLocale })
    .from(workflows)
    .innerJoin(tenants, eq(tenants.id, workflows.tenantId))
    .where(and(eq(workflows.tenantId, portal.tenantId), eq(workflows.id, portal.workflowId)));
  return wf ? { portal, settings: wf.settings, tenantLocale: wf.tenantLocale } : null;
}

/**
 * The language stored for what a portal page opens, read before the page is laid out (its `<html
 * lang>` is decided ahead of it): the one the mail's link names (each participant's mail carries
 * their own), else the one for its role, as the mails decide it. Only a valid token reveals anything
 * of the workflow.
 */
export async function portalPageLocale(page: PortalPageAddress): Promise<SupportedLocale | null> {
  const linked = supportedLocaleOf(page.lang);
  if (linked) return linked;
  const opened = await pageWorkflow(page);
  if (!opened) return null;
  return roleLocale(opened.portal.role, opened.settings, opened.tenantLocale);
}

/** The language stored for a portal link's role: the participant's (the first recipient's: the link names no other), else the reviewers'. */
export const roleLocale = (
  role: PortalPrincipal["role"],
  settings: Pick<WorkflowSettings, "locale" | "recipients">,
  tenantLocale: string | null,
): SupportedLocale | null =>
  role === "participant" ? participantLocale(settings, settings.recipients[0], tenantLocale) : staffLocale(tenantLocale);

/**
 * A participant or reviewer switched the portal's language: a `language.chosen` event in the
 * workflow's activity, with the link's actor. A page without a valid token records nothing.
 */
export async function recordPortalLanguageChoice(page: PortalPageAddress, locale: SupportedLocale): Promise<void> {
  const opened = await pageWorkflow(page);
  if (!opened) return;
  const db = await getDb();
  await db.transaction((tx) =>
    recordEvent(tx, { id: opened.portal.workflowId, tenantId: opened.portal.tenantId }, "language.chosen", portalActor(opened.portal), {
      locale,
    }),
  );
}
