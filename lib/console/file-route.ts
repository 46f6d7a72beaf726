import type { Principal } from "@/lib/auth/principal";
import { AppError, problemResponse } from "@/lib/http/problem";
import { resourceCsp } from "@/lib/http/csp";
import { env } from "@/lib/env";
import { signInPath } from "./callback-path";
import { consolePrincipal } from "./session";

type Params = Record<string, string>;

/**
 * A console download (receipt, record PDF, combined PDF, ZIP): the session's principal, then the same
 * domain read as the API route, scoped to the session's tenant. Without a session the browser is sent
 * to sign in and back to the batch. Reading is a GET; nothing changes.
 */
export function consoleFile(read: (principal: Principal, params: Params) => Promise<Response>) {
  return async (_req: Request, segment: { params: Promise<Params> }): Promise<Response> => {
    const params = await segment.params;
    const principal = await consolePrincipal();
    if (!principal) {
      const back = new URL(signInPath(`/console/batches/${encodeURIComponent(params.batchId ?? "")}`), env().PUBLIC_BASE_URL);
      return new Response(null, { status: 303, headers: { location: back.toString(), "cache-control": "no-store" } });
    }
    try {
      const res = await read(principal, params);
      res.headers.set("content-security-policy", resourceCsp());
      return res;
    } catch (err) {
      if (err instanceof AppError) return problemResponse(err);
      throw err;
    }
  };
}
