import { localizedPage } from "./localized-pages";
import { AppError } from "./problem";

/** The methods a route may have, in the order `Allow` lists them (HEAD and OPTIONS follow). */
export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/**
 * A request whose method Next.js cannot hand to a route (TRACE and CONNECT, which Node's fetch
 * Request refuses; PROPFIND and other tokens Next.js answers with an empty 400; lower-case or unknown
 * tokens, which Node's parser refuses) reaches the routes as OPTIONS carrying its own method in this
 * header. Only the server's method guard (method-guard.ts) sets it, and it removes it from every
 * request a client sends. API routes (methods() in route.ts) and pages (proxy.ts) answer such a
 * request 405 with their Allow.
 */
export const REFUSED_METHOD_HEADER = "x-sealpost-refused-method";

/** The method the client sent, when the guard turned it into OPTIONS; else null. */
export function refusedMethod(req: Request): string | null {
  return req.headers.get(REFUSED_METHOD_HEADER);
}

/** `Allow` for these methods: HEAD wherever GET is, and OPTIONS always. */
export function allowHeader(allowed: readonly RouteMethod[]): string {
  return [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
}

/** 405 request.method_not_allowed for `method`, naming the allowed ones in the detail and in Allow. */
export function methodNotAllowed(method: string, allowed: readonly RouteMethod[]): AppError {
  const shown = method.length > 32 ? `${method.slice(0, 32)}…` : method;
  return new AppError("request.method_not_allowed", `${shown} is not allowed here; use ${allowed.join(" or ")}`, {
    headers: { allow: allowHeader(allowed) },
    allowed,
  });
}

/** The console's and the recipient's downloads and page pictures: route handlers with their own methods() (route.ts). */
const FILE_ROUTE = /^\/(?:d\/[^/]+\/(?:file|pages\/[^/]+)|console\/(?:batches|workflows)\/[^/]+\/files\/.*)$/;

/**
 * The methods of a page: GET (so HEAD), and POST where server actions post, which is every console
 * page (sign-out and the language menu sit in the console's header; sign-in and the confirm pages
 * post their forms) and every page written in several languages (its language menu:
 * localized-pages.ts). Null for the paths of route handlers outside /api, which answer for themselves.
 */
export function pageMethods(pathname: string): readonly RouteMethod[] | null {
  if (FILE_ROUTE.test(pathname)) return null;
  return pathname === "/console" || pathname.startsWith("/console/") || localizedPage(pathname) ? ["GET", "POST"] : ["GET"];
}
