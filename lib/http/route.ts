import type { z } from "zod";
import { env } from "@/lib/env";
import { authenticateBearer, type Principal } from "@/lib/auth/bearer";
import { AppError, problemResponse } from "./problem";
import { readJsonBody } from "./read-body";
import { requireFeature } from "./require-feature";
import { clientIp } from "./visitor";
import { parseOrThrow } from "./zod-errors";

type Feature = "batchDispatch" | "explain";

interface RouteSpec<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P extends z.ZodType | undefined> {
  auth: "bearer" | "none";
  /** Licence feature the tenant must hold (bearer routes only). */
  feature?: Feature;
  body?: B;
  query?: Q;
  params?: P;
  bodyLimit?: number;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RouteContext<B, Q, P, A> {
  req: Request;
  body: B;
  query: Q;
  params: P;
  principal: A;
  ip: string | null;
}

type Handler<B, Q, P, A> = (ctx: RouteContext<B, Q, P, A>) => Promise<Response | object>;

/**
 * The one wrapper every API route goes through: authenticates, checks the licence, parses and
 * validates input with zod, and turns every thrown error into RFC 9457 problem+json.
 */
export function route<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  Auth extends "bearer" | "none" = "bearer",
>(
  spec: RouteSpec<B, Q, P> & { auth: Auth },
  handler: Handler<Infer<B>, Infer<Q>, Infer<P>, Auth extends "bearer" ? Principal : null>,
) {
  return async (req: Request, segment?: { params?: Promise<Record<string, string>> }): Promise<Response> => {
    try {
      const principal = spec.auth === "bearer" ? await authenticateBearer(req) : null;
      if (principal && spec.feature) requireFeature(principal, spec.feature);
      const rawParams = (await segment?.params) ?? {};
      const params = spec.params ? parseOrThrow(spec.params, rawParams, "resource.not_found", "path") : rawParams;
      const url = new URL(req.url);
      const query = spec.query ? parseOrThrow(spec.query, Object.fromEntries(url.searchParams), "request.invalid", "query") : undefined;
      const body = spec.body
        ? parseOrThrow(spec.body, await readJsonBody(req, spec.bodyLimit ?? env().RENDER_BODY_MAX_BYTES), "request.invalid", "body")
        : undefined;
      const result = await handler({
        req,
        body: body as Infer<B>,
        query: query as Infer<Q>,
        params: params as Infer<P>,
        principal: principal as Auth extends "bearer" ? Principal : null,
        ip: clientIp(req.headers),
      });
      return result instanceof Response ? result : Response.json(result);
    } catch (err) {
      if (err instanceof AppError) return problemResponse(err);
      console.error(`[${req.method} ${new URL(req.url).pathname}]`, err);
      return problemResponse(new AppError("internal", "An unexpected error occurred; it has been logged"));
    }
  };
}
