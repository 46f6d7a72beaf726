import type { z } from "zod";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { env } from "@/lib/env";
import { authenticateBearer, type Principal } from "@/lib/auth/bearer";
import { AppError, problemResponse } from "./problem";
import { readJsonBody } from "./read-body";
import { requireFeature } from "./require-feature";
import { assertStorable } from "./storable";
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
      assertStorable(rawParams, "path");
      const params = spec.params ? parseOrThrow(spec.params, rawParams, "resource.not_found", "path") : rawParams;
      const rawQuery = Object.fromEntries(new URL(req.url).searchParams);
      assertStorable(rawQuery, "query");
      const query = spec.query ? parseOrThrow(spec.query, rawQuery, "request.invalid", "query") : undefined;
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
      if (isDatabaseUnavailable(err)) {
        console.error(`[${req.method} ${new URL(req.url).pathname}] database unavailable: ${(err as Error).message}`);
        return problemResponse(new AppError("unavailable", "The database is not answering; try again shortly", { headers: { "retry-after": "5" } }));
      }
      console.error(`[${req.method} ${new URL(req.url).pathname}]`, err);
      return problemResponse(new AppError("internal", "An unexpected error occurred; it has been logged"));
    }
  };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type RouteHandler = (req: Request, segment?: { params?: Promise<Record<string, string>> }) => Promise<Response>;
const ALL_METHODS: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * A route file's exports: the methods it has, and for every other one a 405 problem+json naming the
 * allowed methods in `Allow` (Next.js would answer those with an empty 405). OPTIONS lists them too.
 * Use as `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: route(…) })`.
 */
export function methods(handlers: Partial<Record<Method, RouteHandler>>): Record<Method | "OPTIONS", RouteHandler> {
  const allowed = ALL_METHODS.filter((m) => handlers[m]);
  const allow = [...allowed, ...(handlers.GET ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const notAllowed: RouteHandler = async (req) =>
    problemResponse(
      new AppError("request.method_not_allowed", `${req.method} is not allowed here; use ${allowed.join(" or ")}`, { headers: { allow }, allowed }),
    );
  const options: RouteHandler = async () => new Response(null, { status: 204, headers: { allow } });
  const [GET, POST, PUT, PATCH, DELETE] = ALL_METHODS.map((m) => handlers[m] ?? notAllowed);
  return { GET, POST, PUT, PATCH, DELETE, OPTIONS: options };
}
