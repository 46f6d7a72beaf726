import { decodeJwt } from "jose";
import { fetchClientToken, type DevClient } from "@/lib/devidp/provider";

const cache = new Map<string, { token: string; exp: number }>();

/**
 * An access token for a dev IdP client, fetched once and reused while it has more than a minute left
 * (tests issue many requests; the token endpoint is not what they test). `resource` picks the audience.
 */
export async function tokenFor(issuer: string, client: DevClient, resource?: string): Promise<string> {
  const key = `${issuer} ${client.clientId} ${resource ?? ""}`;
  const hit = cache.get(key);
  if (hit && hit.exp - 60 > Date.now() / 1000) return hit.token;
  const token = await fetchClientToken(issuer, client.clientId, client.clientSecret, resource);
  cache.set(key, { token, exp: decodeJwt(token).exp ?? 0 });
  return token;
}
