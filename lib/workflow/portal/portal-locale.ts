import { and, eq } from "drizzle-orm";
import { verifyPortalToken, type PortalPrincipal } from "@/lib/auth/portal-token";
import { getDb } from "@/lib/db/client";
import { workflows } from "@/lib/db/schema";
import type { WorkflowSettings } from "@/lib/db/json/workflow-settings";
import { DEFAULT_LOCALE, type SupportedLocale } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";
import { portalActor, recordEvent } from "../events";

/**
 * Which language the portal's people read, in its mails and on its pages. A participant: the
 * `locale` of their entry of the recipients, else the workflow's `locale` (the request's, else the
 * template's) where it names a language Sealpost writes (de-DE is de). A reviewer: the workflow's,
 * their own being unknown. Where neither names one, a mail is in the default language and a page in
 * the browser's (Accept-Language).
 */
export const workflowLocale = (settings: Pick<WorkflowSettings, "locale">): SupportedLocale | null => supportedLocaleOf(settings.locale);

export const participantLocale = (
  settings: Pick<WorkflowSettings, "locale">,
  recipient: { locale?: string } | undefined,
): SupportedLocale | null => supportedLocaleOf(recipient?.locale) ?? workflowLocale(settings);

/** The language of a mail to a participant (null: the default). */
export const participantMailLocale = (settings: Pick<WorkflowSettings, "locale">, recipient: { locale?: string }): SupportedLocale =>
  participantLocale(settings, recipient) ?? DEFAULT_LOCALE;

/** The language of a mail to a reviewer. */
export const reviewerMailLocale = (settings: Pick<WorkflowSettings, "locale">): SupportedLocale =>
  workflowLocale(settings) ?? DEFAULT_LOCALE;

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

/** The workflow the page's token opens, or null: no token, a forged or foreign one, or no such workflow. */
async function pageWorkflow(page: PortalPageAddress): Promise<{ portal: PortalPrincipal; settings: WorkflowSettings } | null> {
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
    .select({ settings: workflows.settings })
    .from(workflows)
    .where(and(eq(workflows.tenantId, portal.tenantId), eq(workflows.id, portal.workflowId)));
  return wf ? { portal, settings: wf.settings } : null;
}

/**
 * The language stored for what a portal page opens, read before the page is laid out (its `<html
 * lang>` is decided ahead of it): the one the mail's link names (each participant's mail carries
 * their own), else the workflow's for its role. Only a valid token reveals anything of the workflow.
 */
export async function portalPageLocale(page: PortalPageAddress): Promise<SupportedLocale | null> {
  const linked = supportedLocaleOf(page.lang);
  if (linked) return linked;
  const opened = await pageWorkflow(page);
  if (!opened) return null;
  return opened.portal.role === "participant"
    ? participantLocale(opened.settings, opened.settings.recipients[0])
    : workflowLocale(opened.settings);
}

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
