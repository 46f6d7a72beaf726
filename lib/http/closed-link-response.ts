import type { OpenedSession } from "@/lib/delivery/open-session";

/** The answer to a link that opens nothing: 404 for an unknown link, 410 for an expired or withdrawn one. */
export function closedLinkResponse(opened: Exclude<OpenedSession, { state: "active" }>): Response {
  const unknown = opened.state === "unknown";
  return new Response(unknown ? "Link not recognised" : `This link is ${opened.state}`, {
    status: unknown ? 404 : 410,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
  });
}
