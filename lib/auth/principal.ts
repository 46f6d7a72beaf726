import type { JWTPayload } from "jose";
import type { Tenant } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { getTenant } from "@/lib/tenants";
import { claimAt, readEmail, readRoles, readSubject } from "./claims";

export interface Principal {
  tenant: Tenant;
  subject: string;
  email: string | null;
  roles: string[];
  claims: JWTPayload;
}

/**
 * Who the verified claims name, and their registered tenant. One reading of subject, tenant, email
 * and roles (the AUTH_*_CLAIM names) for API bearer tokens and console ID tokens alike, so that a
 * person is the same caller in both. `source` names the token in messages.
 */
export async function principalFromClaims(claims: JWTPayload, source = "bearer token"): Promise<Principal> {
  const e = env();
  const subject = readSubject(claims);
  if (!subject) throw new AppError("auth.token_invalid", `The ${source} names no subject`);

  const tenantId = claimAt(claims, e.AUTH_TENANT_CLAIM);
  if (typeof tenantId !== "string" || tenantId === "") {
    throw new AppError("auth.tenant_unknown", `The ${source} carries no ${e.AUTH_TENANT_CLAIM} (tenant) claim`);
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
