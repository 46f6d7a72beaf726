import { env } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { principalFromClaims, type Principal } from "./principal";
import { allowedAlgorithms, verifyAccessToken } from "./verify-token";

export type { Principal };

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

  return principalFromClaims(claims);
}
