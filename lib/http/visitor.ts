import type { Visitor } from "@/lib/delivery/open-session";
import { env } from "@/lib/env";

/**
 * The caller's address as the nearest trusted hop saw it. Next.js puts the socket address in
 * X-Forwarded-For when the request has none, and every reverse proxy appends the address it saw, so
 * entries to the left of the trusted ones are whatever the client claimed: they are never used.
 * TRUSTED_PROXY_HOPS is the number of proxies in front of Sealpost (0 or 1: the last entry).
 */
export function clientIp(headers: Headers): string | null {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  const fromRight = Math.max(1, env().TRUSTED_PROXY_HOPS);
  return entries[Math.max(0, entries.length - fromRight)].slice(0, 64);
}

export function visitorFrom(headers: Headers): Visitor {
  return { ip: clientIp(headers), userAgent: headers.get("user-agent") };
}
