import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import { AppError } from "@/lib/http/problem";

export interface IssuerKeys {
  jwksUri: string;
  getKey: JWTVerifyGetKey;
}

const FETCH_TIMEOUT_MS = 5_000;

// One discovery and one remote key set per issuer for the life of the process: jose's key set keeps
// its own cache, refetches on an unknown kid at most once per cooldown, and refreshes after cacheMaxAge.
const cache = new Map<string, Promise<IssuerKeys>>();

/** The issuer's signing keys, found through OIDC discovery on first use. */
export function issuerKeys(issuer: string): Promise<IssuerKeys> {
  let entry = cache.get(issuer);
  if (!entry) {
    const pending = discover(issuer);
    entry = pending;
    cache.set(issuer, pending);
    // A failed discovery (IdP still starting, network blip) must not stick: the next request retries.
    pending.catch(() => {
      if (cache.get(issuer) === pending) cache.delete(issuer);
    });
  }
  return entry;
}

/** Tests start issuers on fresh ports; this drops every cached discovery. */
export function forgetIssuerKeys(): void {
  cache.clear();
}

async function discover(issuer: string): Promise<IssuerKeys> {
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (err) {
    throw unavailable(`the identity provider ${issuer} could not be reached (${(err as Error).message})`);
  }
  if (!res.ok) throw unavailable(`discovery at ${url} answered HTTP ${res.status}`);
  const doc = (await res.json().catch(() => null)) as { issuer?: unknown; jwks_uri?: unknown } | null;
  // OIDC Discovery 1.0 §4.3: the document must name the issuer it was fetched for, or it is someone else's.
  if (doc?.issuer !== issuer) throw unavailable(`discovery at ${url} names issuer ${String(doc?.issuer)}, not ${issuer}`);
  if (typeof doc.jwks_uri !== "string") throw unavailable(`discovery at ${url} has no jwks_uri`);
  const getKey = createRemoteJWKSet(new URL(doc.jwks_uri), {
    timeoutDuration: FETCH_TIMEOUT_MS,
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  return { jwksUri: doc.jwks_uri, getKey };
}

function unavailable(why: string): AppError {
  return new AppError("unavailable", `Token issuer unavailable: ${why}`);
}
