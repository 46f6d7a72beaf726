import type { DevClient, DevUser, DevWebClient } from "./types";

/**
 * The demo users of `npm run dev`, one client-credentials client each. The secrets are published on
 * purpose: the development IdP listens on loopback only and exists so that newcomers can call the API.
 */
export function demoClients(tenantId = "demo"): DevClient[] {
  const user = (role: string, roles: string[]): DevClient => ({
    clientId: `${tenantId}-${role}`,
    clientSecret: `${tenantId}-${role}-dev-secret`,
    claims: { tid: tenantId, email: `${role}@${tenantId}.sealpost.local`, roles },
  });
  return [user("submitter", []), user("approver", []), user("admin", ["admin"])];
}

/** The same demo people as users of the login page (the console): user name = their email address. */
export function demoUsers(tenantId = "demo"): DevUser[] {
  return demoClients(tenantId).map((c) => {
    const role = c.clientId.slice(tenantId.length + 1);
    return {
      username: c.claims.email,
      password: `${tenantId}-${role}-password`,
      claims: { ...c.claims, name: `Demo ${role}` },
    };
  });
}

/** The console as a web client of the development IdP, with the callback and sign-out addresses under `baseUrl`. */
export function demoConsoleClient(
  baseUrl: string,
  clientId = "sealpost-console",
  clientSecret = "sealpost-console-dev-secret",
): DevWebClient {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    clientId,
    clientSecret,
    redirectUris: [`${base}/api/auth/callback/oidc`],
    postLogoutRedirectUris: [`${base}/console/signed-out`],
  };
}
