import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
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
 * with. A page written in every language (the recipient's, the signer's, the portal's) is in the
 * language its visitor chose (the cookie), else the one stored for what it opens (its delivery's, its
 * signer's; the portal link's participant's or workflow's; else the tenant's default: outsideLocale),
 * else the browser's Accept-Language, else en-GB. The pages not yet written in every language say
 * en-GB whatever the browser asks: their `lang` must name the language they are in.
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
    if (page.kind === "delivery") return await deliveryLocale(page.token);
    return page.kind === "signer" ? await signingPageLocale(page.token) : await portalPageLocale(page);
  } catch {
    return null;
  }
}
