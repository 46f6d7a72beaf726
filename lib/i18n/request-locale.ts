import type { Locale } from "./locales";
import { resolveLocale } from "./match-locale";

/**
 * The cookie that keeps a person's choice from a page's language menu, for a year, on every page:
 * the choice is the person's, not one link's.
 */
export const LOCALE_COOKIE = "sealpost-locale";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** One cookie's value from a Cookie header, or null. */
export function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The language a request is answered in: the person's choice (the cookie), else `explicit` (the
 * language stored for what the request opens, such as a delivery's, the tenant's default included:
 * outsideLocale), else the browser's
 * Accept-Language, else the default. Pages (through the request configuration) and plain answers
 * (a closed link's file) decide alike.
 */
export function requestLocale(headers: { get(name: string): string | null }, explicit?: string | null): Locale {
  return resolveLocale({
    cookie: cookieValue(headers.get("cookie"), LOCALE_COOKIE),
    explicit,
    acceptLanguage: headers.get("accept-language"),
  });
}
