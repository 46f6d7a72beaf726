import { env } from "@/lib/env";

const endpoints = new Map<string, Promise<string | null>>();

/** The issuer's end_session_endpoint (OIDC RP-Initiated Logout), or null when it offers none. */
function endSessionEndpoint(issuer: string): Promise<string | null> {
  let hit = endpoints.get(issuer);
  if (!hit) {
    hit = fetch(`${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5_000) })
      .then((r) => (r.ok ? r.json() : null))
      .then((doc: { end_session_endpoint?: unknown } | null) =>
        typeof doc?.end_session_endpoint === "string" ? doc.end_session_endpoint : null,
      );
    // A failed lookup is not remembered: the next sign-out asks again.
    hit.catch(() => endpoints.delete(issuer));
    endpoints.set(issuer, hit);
  }
  return hit;
}

/**
 * Where to send the browser after the console's own session is gone: the IdP's sign-out (so that the
 * next sign-in asks for a password again), coming back to /console/signed-out; or straight there
 * when the IdP offers no RP-initiated logout or cannot be reached.
 */
export async function signOutDestination(idToken: string | undefined): Promise<string> {
  const e = env();
  const back = new URL("/console/signed-out", e.PUBLIC_BASE_URL).toString();
  if (!e.AUTH_ISSUER) return back;
  const endpoint = await endSessionEndpoint(e.AUTH_ISSUER).catch(() => null);
  if (!endpoint) return back;
  const url = new URL(endpoint);
  if (idToken) url.searchParams.set("id_token_hint", idToken);
  url.searchParams.set("post_logout_redirect_uri", back);
  if (e.CONSOLE_CLIENT_ID) url.searchParams.set("client_id", e.CONSOLE_CLIENT_ID);
  return url.toString();
}
