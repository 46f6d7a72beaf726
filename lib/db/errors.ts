/** Both drivers report SQLSTATE in `code`; drizzle may wrap the driver error in `cause`. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
]);

/**
 * The database is away or overloaded rather than the request wrong: a connection that failed or was
 * cut (a restart), a server shutting down or starting (57P01, 57P03), any connection exception (08…),
 * or a statement past its timeout (57014).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    const code = typeof e.code === "string" ? e.code : "";
    if (UNAVAILABLE_CODES.has(code) || code === "57P01" || code === "57P03" || code === "57014" || code.startsWith("08")) return true;
    e = e.cause as typeof e;
  }
  return false;
}
