/**
 * Where the console may send a browser after sign-in: a path of the console on this origin, never
 * anything else (an open redirect would let a crafted sign-in link forward a fresh session's browser
 * to another site). Anything that does not qualify becomes the batches list.
 */
export const CONSOLE_HOME = "/console/batches";

export function safeConsolePath(value: unknown, base = "http://sealpost.invalid"): string {
  if (typeof value !== "string" || value.length > 2000) return CONSOLE_HOME;
  // Only a plain absolute path: no scheme, no "//host", no backslashes (browsers read "/\\host" as "//host"), no control characters.
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\") || [...value].some((c) => c < " " || c === "\u007f"))
    return CONSOLE_HOME;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return CONSOLE_HOME;
  }
  if (url.origin !== new URL(base).origin) return CONSOLE_HOME;
  if (url.pathname !== "/console" && !url.pathname.startsWith("/console/")) return CONSOLE_HOME;
  // The sign-in and signed-out pages themselves would loop.
  if (/^\/console\/(sign-in|signed-out)(\/|$)/.test(url.pathname)) return CONSOLE_HOME;
  return url.pathname + url.search;
}

/** The sign-in page's address that comes back to `path` afterwards. */
export function signInPath(path: string): string {
  return `/console/sign-in?${new URLSearchParams({ callbackUrl: safeConsolePath(path) })}`;
}
