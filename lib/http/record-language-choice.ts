import type { Visitor } from "@/lib/delivery/open-session";
import { recordLanguageChoice } from "@/lib/delivery/session-locale";
import type { SupportedLocale } from "@/lib/i18n/locales";
import { recordSignerLanguage } from "@/lib/signing/ceremony/signing-page-language";
import { recordPortalLanguageChoice } from "@/lib/workflow/portal/portal-locale";
import type { OutsidePage } from "./localized-pages";

/**
 * Records a language menu's choice in the activity of what the page opens (a delivery's, a signer's
 * or a portal link's workflow). The choice itself is the cookie, already set: a database that does
 * not answer must not cost the person their language or show them an error for a bookkeeping write,
 * so a failure is logged (the operator sees it) and the page is shown again in the chosen language.
 * Returns whether the choice was recorded.
 */
export async function recordPageLanguageChoice(page: OutsidePage, locale: SupportedLocale, visitor: Visitor): Promise<boolean> {
  try {
    if (page.kind === "delivery") await recordLanguageChoice(page.token, locale, visitor);
    else if (page.kind === "signer") await recordSignerLanguage(page.token, locale, visitor);
    else await recordPortalLanguageChoice(page, locale);
    return true;
  } catch (err) {
    console.error(`[language] the choice of ${locale} on a ${page.kind} page was not recorded: ${(err as Error).message}`);
    return false;
  }
}
