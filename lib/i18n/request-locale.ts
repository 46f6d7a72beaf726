import type { Locale } from "./locales";
import { resolveLocale } from "./match-locale";

/**
 * The cookie that keeps a person's choice from a page's language menu, for a year, on every page:
 * the choice is the person's, not one link's.
 */
export const LOCALE_COOKIE = "sealpost-locale";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/**
 * What a request's language is read from: the cookies as Next.js parses them (next/headers
 * cookies(), or a NextRequest's), and the headers. Typed by shape, so that domain code knows
 * nothing of Next.js and a NextRequest is one as it is.
 */
export interface LocaleRequest {
  cookies: { get(name: string): { value: string } | undefined };
  headers: { get(name: string): string | null };
}

/**
 * The language a request is answered in: the person's choice (the cookie), else `explicit` (the
 * language stored for what the request opens, such as a delivery's, the tenant's default included:
 * outsideLocale), else the browser's
 * Accept-Language, else the default. Pages (through the request configuration) and plain answers
 * (a closed link's file) decide alike.
 */
export function requestLocale(req: LocaleRequest, explicit?: string | null): Locale {
  return resolveLocale({
    cookie: req.cookies.get(LOCALE_COOKIE)?.value ?? null,
    explicit,
    acceptLanguage: req.headers.get("accept-language"),
  });
}
