import type { OpenedSession } from "@/lib/delivery/open-session";
import { closedLinkWords } from "@/lib/format/state-words";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";

/**
 * The answer to a link that opens nothing: 404 for an unknown link, 410 for an expired or withdrawn
 * one, in the words its page uses, in `locale` (the request's: requestLocale in lib/i18n).
 */
export function closedLinkResponse(opened: Exclude<OpenedSession, { state: "active" }>, locale: Locale): Response {
  return new Response(closedLinkWords(opened.state, translatorFor(locale)), {
    status: opened.state === "unknown" ? 404 : 410,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "content-language": locale,
      "cache-control": "private, no-store",
    },
  });
}
