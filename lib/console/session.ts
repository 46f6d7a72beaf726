import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { principalFromClaims, type Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/http/problem";
import { requireFeature } from "@/lib/http/require-feature";
import { consoleClaims, consoleEnabled } from "./auth";
import { signInPath } from "./callback-path";

/** The licence feature a console area needs: batches need batch dispatch, workflows the workflow feature. */
export type ConsoleFeature = "batchDispatch" | "workflow";

export type ConsoleAccess =
  | { ok: true; principal: Principal }
  | { ok: false; reason: "tenant_unknown" | "licence"; feature: ConsoleFeature; detail: string; email: string | null };

/**
 * The session's claims and what they give, the principal or the AppError why not: read once a
 * request (React's cache), since a console page, its language (app/i18n-request.ts) and its actions
 * each ask, and each answer is a read of the tenant.
 */
const sessionPrincipal = cache(
  async (): Promise<
    { claims: Record<string, unknown>; principal: Principal } | { claims: Record<string, unknown>; refused: AppError } | null
  > => {
    const claims = await consoleClaims();
    if (!claims) return null;
    try {
      return { claims, principal: await principalFromClaims(claims, "sign-in") };
    } catch (err) {
      if (err instanceof AppError) return { claims, refused: err };
      throw err;
    }
  },
);

/**
 * Every console page and action starts here, on the server: no session (or an ended one) sends the
 * browser to sign in and back to `path`; a session whose tenant is not registered, or not licensed
 * for the area's `feature`, gets an explanation instead of data. The principal is read from the session's
 * ID-token claims exactly as the API reads a bearer token's, so every query below is scoped to it.
 */
export async function consoleAccess(path: string, feature: ConsoleFeature = "batchDispatch"): Promise<ConsoleAccess> {
  if (!consoleEnabled()) notFound();
  const session = await sessionPrincipal();
  if (!session) redirect(signInPath(path));
  try {
    if ("refused" in session) throw session.refused;
    requireFeature(session.principal, feature);
    return { ok: true, principal: session.principal };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const email = typeof session.claims.email === "string" ? session.claims.email : null;
    if (err.code === "licence.feature_missing") return { ok: false, reason: "licence", feature, detail: err.message, email };
    if (err.code === "auth.tenant_unknown" || err.code === "auth.token_invalid")
      return { ok: false, reason: "tenant_unknown", feature, detail: err.message, email };
    throw err;
  }
}

/** For actions and file routes: the principal, or null when the session is missing or gives no access. */
export async function consolePrincipal(feature: ConsoleFeature = "batchDispatch"): Promise<Principal | null> {
  if (!consoleEnabled()) return null;
  const session = await sessionPrincipal();
  if (!session || "refused" in session) return null;
  try {
    requireFeature(session.principal, feature);
    return session.principal;
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/** The signed-in person's tenant, whatever the licence: null without a session or for a tenant not registered. */
export async function sessionTenant(): Promise<Principal["tenant"] | null> {
  const session = await sessionPrincipal();
  return session && "principal" in session ? session.principal.tenant : null;
}
