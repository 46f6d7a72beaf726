import { Auth, setEnvDefaults } from "@auth/core";
import type { NextRequest } from "next/server";
import { consoleAuthConfig, consoleEnabled } from "@/lib/console/auth-config";
import { env } from "@/lib/env";
import { AppError, problemResponse } from "@/lib/http/problem";
import { internal, methods } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * Auth.js's own endpoints (sign-in, callback, sign-out, session, CSRF token) for the console, called
 * through @auth/core with a plain Request at PUBLIC_BASE_URL's origin. next-auth's `handlers` rebuild
 * the request as a NextRequest, and NextURL turns 127.0.0.1 into `localhost`: on a loopback address
 * the callback would then send a redirect_uri the authorization request never had, and the IdP refuse the
 * code ("redirect_uri mismatch"). A plain Request keeps the origin the sign-in started from.
 */
async function handle(req: NextRequest): Promise<Response> {
  if (!consoleEnabled()) return problemResponse(new AppError("resource.not_found", "The console is not configured (CONSOLE_CLIENT_ID)"));
  const config = consoleAuthConfig();
  setEnvDefaults(process.env, config);
  const url = new URL(req.nextUrl.pathname + req.nextUrl.search, env().PUBLIC_BASE_URL);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // Auth.js knows GET and POST only; HEAD is GET without the body (the server leaves the body out).
  const method = req.method === "HEAD" ? "GET" : req.method;
  const init: RequestInit & { duplex?: "half" } = { method, headers: req.headers, body: hasBody ? req.body : undefined };
  if (hasBody) init.duplex = "half";
  return Auth(new Request(url, init), config);
}

// Next.js hands route handlers a NextRequest.
const handler = internal("Auth.js's console sign-in endpoints, used by the console's pages only", (req: Request) =>
  handle(req as NextRequest),
);
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: handler, POST: handler });
