import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { consoleTenantLocale } from "@/lib/console/console-locale";
import { deliveryLocale } from "@/lib/delivery/session-locale";
import { PAGE_PATH_HEADER } from "@/lib/http/page-path";
import { messagesFor } from "@/lib/i18n/catalogues";
import { formats, TIME_ZONE } from "@/lib/i18n/formats";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { requestLocale } from "@/lib/i18n/request-locale";
import { localizedPage, type LocalizedPage } from "@/lib/http/localized-pages";
import { signingPageLocale } from "@/lib/signing/ceremony/signing-page-language";
import { portalPageLocale } from "@/lib/workflow/portal/portal-locale";

/**
 * next-intl's request configuration (next.config.ts names this file): the language of the page being
 * rendered, which the root layout writes into `<html lang dir>` and every server component translates
 * with. A page written in every language (the recipient's, the signer's, the portal's, the console's)
 * is in the language its visitor chose (the cookie), else the one stored for what it opens (its
 * delivery's, its signer's; the portal link's participant's or workflow's; else the tenant's default:
 * outsideLocale; for the console, the signed-in person's tenant's default: lib/console/console-locale.ts),
 * else the browser's Accept-Language, else en-GB. The pages not written in every language (the front
 * page, the API reference) say en-GB whatever the browser asks: their `lang` must name the language
 * they are in.
 */
export default getRequestConfig(async () => {
  const h = await headers();
  const page = localizedPage(h.get(PAGE_PATH_HEADER));
  const locale = page ? requestLocale({ cookies: await cookies(), headers: h }, await storedLocale(page)) : DEFAULT_LOCALE;
  return { locale, messages: messagesFor(locale), formats, timeZone: TIME_ZONE };
});

/** A store that does not answer leaves the language to the browser: the page itself then says what is wrong. */
async function storedLocale(page: LocalizedPage): Promise<string | null> {
  try {
    switch (page.kind) {
      case "delivery":
        return await deliveryLocale(page.token);
      case "signer":
        return await signingPageLocale(page.token);
      case "portal":
        return await portalPageLocale(page);
      case "console":
        return await consoleTenantLocale();
    }
  } catch {
    return null;
  }
}
