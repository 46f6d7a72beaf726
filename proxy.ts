import { NextResponse, type NextRequest } from "next/server";
import { pageCsp } from "@/lib/http/csp";

/**
 * Every page gets a fresh CSP nonce: Next.js reads it from the request's policy header and puts it on
 * its own scripts, so no inline script without it runs. API routes and files are not pages and keep
 * the script-free policy of next.config.ts.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = pageCsp(nonce);
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico|d/[^/]+/file).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
