import type { JWTPayload } from "jose";
import type { Tenant } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { getTenant } from "@/lib/tenants";
import { claimAt, readEmail, readRoles, readSubject } from "./claims";
import { allowedAlgorithms, verifyAccessToken } from "./verify-token";

export interface Principal {
  tenant: Tenant;
  subject: string;
  email: string | null;
  roles: string[];
  claims: JWTPayload;
}

// RFC 6750 §2.1: "Bearer" then one b64token.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)\s*$/i;

/** Authenticates an API request by its bearer JWT and resolves the caller's registered tenant. */
export async function authenticateBearer(req: Request): Promise<Principal> {
  const e = env();
  if (!e.AUTH_ISSUER) throw new AppError("unavailable", "AUTH_ISSUER is not configured");

  const match = BEARER.exec(req.headers.get("authorization") ?? "");
  if (!match) throw new AppError("auth.token_missing", "Send the access token as Authorization: Bearer <token>");

  const claims = await verifyAccessToken(match[1], {
    issuer: e.AUTH_ISSUER,
    audience: e.AUTH_AUDIENCE,
    algorithms: allowedAlgorithms(e.AUTH_ALGORITHMS),
  });

  const subject = readSubject(claims);
  if (!subject) throw new AppError("auth.token_invalid", "The bearer token names no subject");

  const tenantId = claimAt(claims, e.AUTH_TENANT_CLAIM);
  if (typeof tenantId !== "string" || tenantId === "") {
    throw new AppError("auth.tenant_unknown", `The bearer token carries no ${e.AUTH_TENANT_CLAIM} (tenant) claim`);
  }
  const tenant = await getTenant(tenantId);
  if (!tenant) throw new AppError("auth.tenant_unknown", `Tenant ${tenantId} is not registered`);

  return {
    tenant,
    subject,
    email: readEmail(claimAt(claims, e.AUTH_EMAIL_CLAIM)),
    roles: readRoles(claimAt(claims, e.AUTH_ROLES_CLAIM)),
    claims,
  };
}
