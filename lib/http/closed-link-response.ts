import type { OpenedSession } from "@/lib/delivery/open-session";
import { closedLinkWords } from "@/lib/format/state-words";

/** The answer to a link that opens nothing: 404 for an unknown link, 410 for an expired or withdrawn one. */
export function closedLinkResponse(opened: Exclude<OpenedSession, { state: "active" }>): Response {
  return new Response(closedLinkWords[opened.state], {
    status: opened.state === "unknown" ? 404 : 410,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
  });
}
