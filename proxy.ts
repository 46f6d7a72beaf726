import { NextResponse, type NextRequest } from "next/server";
import { methodNotAllowed, allowHeader, pageMethods, refusedMethod } from "@/lib/http/allowed-methods";
import { pageCsp } from "@/lib/http/csp";
import { PAGE_PATH_HEADER } from "@/lib/http/page-path";
import { pageProblem } from "@/lib/http/page-problem";
import { AppError, problemResponse } from "@/lib/http/problem";

/**
 * Three jobs before routing. Any path Next.js could not percent-decode would fail inside its router
 * with a 500, so it is refused here as the client's mistake (400): problem+json under /api/, and on a
 * page an HTML page for a browser or problem+json for any other client. Only API paths holding a `%`
 * come here (the matcher below): running the proxy for every API call would add server CPU to every
 * request, a large share of a cheap one's. Pages answer the methods
 * they have (pageMethods: GET and HEAD, POST where server actions post) and 405 with
 * Allow to every other, including the ones the server's method guard turned into OPTIONS (TRACE,
 * PROPFIND, unknown tokens); Next.js would render the page for a PUT or DELETE. Every page gets a
 * fresh CSP nonce; Next.js reads it from the request's policy header and puts it on its own scripts,
 * so no inline script without it runs. Every page is told its own address, path and query
 * (PAGE_PATH_HEADER), which decides its language (app/i18n-request.ts). API routes and files (documents, their page pictures, console
 * downloads) keep the script-free policy of next.config.ts and answer their methods themselves
 * (methods() in lib/http/route).
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const api = pathname.startsWith("/api/");
  if (!decodes(pathname)) {
    const err = new AppError("request.invalid", "The path is not valid percent-encoded UTF-8");
    return api ? problemResponse(err) : pageProblem(request, err);
  }
  const allowed = api || pathname.startsWith("/_next/") ? null : pageMethods(pathname);
  if (!allowed) return NextResponse.next();
  const has = (m: string) => m === "OPTIONS" || m === "HEAD" || (allowed as readonly string[]).includes(m);
  const refused = refusedMethod(request) ?? (has(request.method) ? null : request.method);
  if (refused) return pageProblem(request, methodNotAllowed(refused, allowed));
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: { allow: allowHeader(allowed) } });
  const headers = new Headers(request.headers);
  headers.set(PAGE_PATH_HEADER, pathname + request.nextUrl.search);
  // Prefetches (next/link) need no nonce of their own.
  if (request.headers.has("next-router-prefetch") || request.headers.get("purpose") === "prefetch")
    return NextResponse.next({ request: { headers } });
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = pageCsp(nonce);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  return response;
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  matcher: [
    // Every page, prefetches included (a PUT with a prefetch header is still a PUT).
    "/((?!api/|_next/static|_next/image|favicon.ico|d/[^/]+/file|d/[^/]+/pages/|console/batches/[^/]+/files/).*)",
    // Only a path holding a `%` can fail to decode: API routes and the downloads left out above.
    "/:path(.*%.*)",
  ],
};
