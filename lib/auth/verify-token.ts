import { errors, jwtVerify, type JWTPayload } from "jose";
import { AppError } from "@/lib/http/problem";
import { issuerKeys } from "./issuer-keys";

export interface VerifyOptions {
  issuer: string;
  audience: string;
  algorithms: string[];
}

const CLOCK_TOLERANCE_S = 30;

/** Verifies signature, issuer, audience and lifetime; every failure becomes a problem code. */
export async function verifyAccessToken(token: string, opts: VerifyOptions): Promise<JWTPayload> {
  const { getKey } = await issuerKeys(opts.issuer);
  try {
    const { payload } = await jwtVerify(token, getKey, {
      issuer: opts.issuer,
      audience: opts.audience,
      algorithms: opts.algorithms,
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ["exp"],
    });
    return payload;
  } catch (err) {
    throw toAppError(err);
  }
}

/**
 * Parses AUTH_ALGORITHMS. `none` and the HMAC family are dropped whatever the setting says: keys come
 * from a public JWKS, and accepting HS* there lets anyone who reads the JWKS forge tokens.
 */
export function allowedAlgorithms(setting: string): string[] {
  const algs = setting
    .split(",")
    .map((a) => a.trim())
    .filter((a) => a !== "" && a.toLowerCase() !== "none" && !a.toUpperCase().startsWith("HS"));
  if (algs.length === 0) throw new AppError("unavailable", "AUTH_ALGORITHMS names no usable asymmetric algorithm");
  return algs;
}

function toAppError(err: unknown): unknown {
  if (err instanceof errors.JWTExpired) return new AppError("auth.token_expired", "The bearer token has expired");
  // The issuer's key endpoint failing is our outage, not the caller's bad token.
  if (err instanceof errors.JWKSTimeout) return new AppError("unavailable", "Token issuer unavailable: key set request timed out");
  if (err instanceof errors.JWKSInvalid || (err instanceof errors.JOSEError && err.code === "ERR_JOSE_GENERIC")) {
    return new AppError("unavailable", `Token issuer unavailable: ${err.message}`);
  }
  if (err instanceof errors.JWKSNoMatchingKey) {
    return new AppError("auth.token_invalid", "The token was not signed by a key of the configured issuer");
  }
  if (err instanceof errors.JOSEError) return new AppError("auth.token_invalid", `The bearer token was rejected: ${err.message}`);
  // undici's network failure while fetching the key set.
  if (err instanceof TypeError && err.message === "fetch failed") {
    return new AppError("unavailable", "Token issuer unavailable: its key set could not be fetched");
  }
  return err; // a bug, not a token problem: the route wrapper logs it with its stack
}
