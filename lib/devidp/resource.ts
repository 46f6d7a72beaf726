import type { IncomingMessage } from "node:http";

/**
 * oidc-provider only accepts absolute URIs as resource indicators (RFC 8707), but API audiences are
 * often plain names ("sealpost"). Plain names travel as this URN and come back out as the audience.
 */
const PREFIX = "urn:sealpost:audience:";

export function resourceIndicatorFor(audience: string): string {
  return URL.canParse(audience) && !audience.includes("#") ? audience : PREFIX + encodeURIComponent(audience);
}

export function audienceOf(indicator: string): string {
  return indicator.startsWith(PREFIX) ? decodeURIComponent(indicator.slice(PREFIX.length)) : indicator;
}

const BODY_LIMIT = 56 * 1024; // oidc-provider's own limit

/**
 * Lets `curl -d resource=sealpost …` work: rewrites plain-name resources in a token request to the URN
 * form before oidc-provider sees the body. oidc-provider takes a pre-read body from req.body (its
 * documented path for mounting behind body parsers) and prints a one-time notice saying so.
 */
export async function rewriteTokenRequest(req: IncomingMessage, tokenPath: string): Promise<void> {
  if (req.method !== "POST" || new URL(req.url ?? "/", "http://x").pathname !== tokenPath) return;
  if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) return;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new Error("request entity too large");
    chunks.push(chunk);
  }
  const params = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
  const resources = params.getAll("resource");
  params.delete("resource");
  for (const r of resources) params.append("resource", resourceIndicatorFor(r));
  // oidc-provider falls back to req.body once the stream has been consumed (as behind Express parsers).
  (req as IncomingMessage & { body?: string }).body = params.toString();
}
