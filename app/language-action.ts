"use server";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { env } from "@/lib/env";
import { isLocalPath, PAGE_PATH_HEADER } from "@/lib/http/page-path";
import { visitorFrom } from "@/lib/http/visitor";
import { isSupportedLocale } from "@/lib/i18n/locales";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from "@/lib/i18n/request-locale";
import { localizedPage } from "@/lib/http/localized-pages";
import { recordPageLanguageChoice } from "@/lib/http/record-language-choice";

// A server action is a POST whose Origin Next.js checks against the host: a page of another site
// cannot switch a visitor's language.

/**
 * The language menu's form, with or without JavaScript: keeps the choice in the cookie (every page
 * written in several languages reads it), records it in the activity of what the page opens (a
 * delivery's, a signer's or a portal link's workflow; a failure there is logged, the choice kept; a
 * console page opens no such activity), and shows the same page again (its address,
 * query and all: the portal's token is in it) by a redirect, so a reload does not post the form
 * again. A language not in the menu changes nothing.
 */
export async function chooseLanguage(form: FormData): Promise<void> {
  const locale = form.get("locale");
  const h = await headers();
  const path = h.get(PAGE_PATH_HEADER);
  if (isSupportedLocale(locale)) {
    (await cookies()).set(LOCALE_COOKIE, locale, {
      path: "/",
      maxAge: LOCALE_COOKIE_MAX_AGE_S,
      sameSite: "lax",
      httpOnly: true,
      secure: new URL(env().PUBLIC_BASE_URL).protocol === "https:",
    });
    const page = localizedPage(path);
    if (page && page.kind !== "console") await recordPageLanguageChoice(page, locale, visitorFrom(h));
  }
  if (isLocalPath(path)) redirect(path);
}
