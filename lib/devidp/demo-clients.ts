import type { DevClient } from "./types";

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
