import { notFound, redirect } from "next/navigation";
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
 * Every console page and action starts here, on the server: no session (or an ended one) sends the
 * browser to sign in and back to `path`; a session whose tenant is not registered, or not licensed
 * for the area's `feature`, gets an explanation instead of data. The principal is read from the session's
 * ID-token claims exactly as the API reads a bearer token's, so every query below is scoped to it.
 */
export async function consoleAccess(path: string, feature: ConsoleFeature = "batchDispatch"): Promise<ConsoleAccess> {
  if (!consoleEnabled()) notFound();
  const claims = await consoleClaims();
  if (!claims) redirect(signInPath(path));
  try {
    const principal = await principalFromClaims(claims, "sign-in");
    requireFeature(principal, feature);
    return { ok: true, principal };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const email = typeof claims.email === "string" ? claims.email : null;
    if (err.code === "licence.feature_missing") return { ok: false, reason: "licence", feature, detail: err.message, email };
    if (err.code === "auth.tenant_unknown" || err.code === "auth.token_invalid")
      return { ok: false, reason: "tenant_unknown", feature, detail: err.message, email };
    throw err;
  }
}

/** For actions and file routes: the principal, or null when the session is missing or gives no access. */
export async function consolePrincipal(feature: ConsoleFeature = "batchDispatch"): Promise<Principal | null> {
  if (!consoleEnabled()) return null;
  const claims = await consoleClaims();
  if (!claims) return null;
  try {
    const principal = await principalFromClaims(claims, "sign-in");
    requireFeature(principal, feature);
    return principal;
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}
