import type { Principal } from "@/lib/auth/principal";
import { signInPath } from "@/lib/console/callback-path";
import { consolePrincipal, type ConsoleFeature } from "@/lib/console/session";
import { env } from "@/lib/env";
import { resourceCsp } from "./csp";
import { AppError, problemResponse } from "./problem";

type Params = Record<string, string>;

/** Where a file of each console area belongs: the page the browser comes back to after signing in. */
const AREAS: Record<ConsoleFeature, (p: Params) => string> = {
  batchDispatch: (p) => `/console/batches/${encodeURIComponent(p.batchId ?? "")}`,
  workflow: (p) => `/console/workflows/${encodeURIComponent(p.workflowId ?? "")}`,
};

/**
 * A console download (receipt, record PDF, combined PDF, ZIP; a workflow's export and sealed PDF): the
 * session's principal, then the same domain read as the API route, scoped to the session's tenant.
 * Without a session the browser is sent to sign in and back to the batch or workflow. Reading is a
 * GET; nothing changes.
 */
export function consoleFile(read: (principal: Principal, params: Params) => Promise<Response>, feature: ConsoleFeature = "batchDispatch") {
  return async (_req: Request, segment?: { params?: Promise<Params> }): Promise<Response> => {
    const params = (await segment?.params) ?? {};
    const principal = await consolePrincipal(feature);
    if (!principal) {
      const back = new URL(signInPath(AREAS[feature](params)), env().PUBLIC_BASE_URL);
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
