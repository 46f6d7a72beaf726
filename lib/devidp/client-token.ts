import { resourceIndicatorFor } from "./resource";

const tokenEndpoints = new Map<string, string>();

async function tokenEndpoint(issuer: string): Promise<string> {
  const known = tokenEndpoints.get(issuer);
  if (known) return known;
  const res = await fetch(`${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`);
  if (!res.ok) throw new Error(`Discovery at ${issuer} failed: HTTP ${res.status}`);
  const { token_endpoint: endpoint } = (await res.json()) as { token_endpoint?: string };
  if (!endpoint) throw new Error(`Discovery at ${issuer} names no token_endpoint`);
  tokenEndpoints.set(issuer, endpoint);
  return endpoint;
}

// RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded.
const formEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");

/**
 * A client-credentials access token from any OIDC issuer (client_secret_basic). `resource` selects
 * the token's audience (RFC 8707); without it the issuer's default applies.
 */
export async function fetchClientToken(issuer: string, clientId: string, clientSecret: string, resource?: string): Promise<string> {
  const body = new URLSearchParams({ grant_type: "client_credentials" });
  if (resource) body.set("resource", resourceIndicatorFor(resource));
  const basic = Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString("base64");
  const res = await fetch(await tokenEndpoint(issuer), {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body,
  });
  const json = (await res.json().catch(() => ({}))) as { access_token?: string; error?: string; error_description?: string };
  if (!res.ok || !json.access_token) {
    throw new Error(
      `Token request for ${clientId} at ${issuer} failed: HTTP ${res.status} ${json.error ?? ""} ${json.error_description ?? ""}`.trim(),
    );
  }
  return json.access_token;
}
