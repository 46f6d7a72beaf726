import type { z } from "zod";
import { isBlobStoreUnavailable } from "@/lib/blob/store";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { env } from "@/lib/env";
import { authenticateBearer, type Principal } from "@/lib/auth/bearer";
import { authenticatePortal, issuePortalToken, PORTAL_TOKEN_HEADER, portalRoles, type PortalPrincipal, type PortalRole } from "@/lib/auth/portal-token";
import { allowHeader, methodNotAllowed, refusedMethod, ROUTE_METHODS, type RouteMethod } from "./allowed-methods";
import { AppError, problemResponse } from "./problem";
import { readJsonBody } from "./read-body";
import { requireFeature, requireTier } from "./require-feature";
import { assertStorable } from "./storable";
import { clientIp } from "./visitor";
import { parseOrThrow } from "./zod-errors";

type Feature = "batchDispatch" | "explain" | "workflow";

/**
 * `portal`: a portal token for the workflow named by the path's `workflowId`, of one of `portalRoles`;
 * `bearer-or-portal`: a bearer token when an Authorization header is sent, else a portal token.
 */
type AuthMode = "bearer" | "none" | "portal" | "bearer-or-portal";

interface RouteSpec<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P extends z.ZodType | undefined> {
  auth: AuthMode;
  /** Licence feature the tenant must hold (bearer callers only). */
  feature?: Feature;
  /** Licence tiers allowed (bearer callers only). */
  tiers?: readonly string[];
  /** Portal token roles accepted (portal callers only); default both. */
  portalRoles?: readonly PortalRole[];
  /** Also accept portal tokens expired less than this many seconds ago (the call then gets no fresh token). */
  expiredPortalGraceS?: number;
  body?: B;
  query?: Q;
  params?: P;
  bodyLimit?: number;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

type BearerOf<A> = A extends "bearer" ? Principal : A extends "bearer-or-portal" ? Principal | null : null;
type PortalOf<A> = A extends "portal" ? PortalPrincipal : A extends "bearer-or-portal" ? PortalPrincipal | null : null;

export interface RouteContext<B, Q, P, A extends AuthMode> {
  req: Request;
  body: B;
  query: Q;
  params: P;
  principal: BearerOf<A>;
  portal: PortalOf<A>;
  ip: string | null;
}

type Handler<B, Q, P, A extends AuthMode> = (ctx: RouteContext<B, Q, P, A>) => Promise<Response | object>;

/**
 * The one wrapper every API route goes through: authenticates, checks the licence, parses and
 * validates input with zod, and turns every thrown error into RFC 9457 problem+json.
 */
export function route<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  Auth extends AuthMode = "bearer",
>(
  spec: RouteSpec<B, Q, P> & { auth: Auth },
  handler: Handler<Infer<B>, Infer<Q>, Infer<P>, Auth>,
) {
  return async (req: Request, segment?: { params?: Promise<Record<string, string>> }): Promise<Response> => {
    let portal: PortalPrincipal | null = null;
    try {
      const rawParams = (await segment?.params) ?? {};
      const usePortal = spec.auth === "portal" || (spec.auth === "bearer-or-portal" && !req.headers.has("authorization"));
      const principal = spec.auth === "bearer" || (spec.auth === "bearer-or-portal" && !usePortal) ? await authenticateBearer(req) : null;
      if (principal && spec.feature) requireFeature(principal, spec.feature);
      if (principal && spec.tiers) requireTier(principal, spec.tiers);
      if (usePortal) portal = await authenticatePortal(req, rawParams.workflowId, spec.portalRoles ?? portalRoles, spec.expiredPortalGraceS);
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
        principal: principal as BearerOf<Auth>,
        portal: portal as PortalOf<Auth>,
        ip: clientIp(req.headers),
      });
      return withPortalToken(result instanceof Response ? result : Response.json(result), portal);
    } catch (err) {
      return withPortalToken(errorResponse(req, err), portal);
    }
  };
}

function errorResponse(req: Request, err: unknown): Response {
  if (err instanceof AppError) return problemResponse(err);
  if (isDatabaseUnavailable(err)) {
    console.error(`[${req.method} ${new URL(req.url).pathname}] database unavailable: ${(err as Error).message}`);
    return problemResponse(new AppError("unavailable", "The database is not answering; try again shortly", { headers: { "retry-after": "5" } }));
  }
  if (isBlobStoreUnavailable(err)) {
    console.error(`[${req.method} ${new URL(req.url).pathname}] blob store unavailable: ${(err as Error).message}`);
    return problemResponse(new AppError("unavailable", "The document store is not answering; try again shortly", { headers: { "retry-after": "5" } }));
  }
  console.error(`[${req.method} ${new URL(req.url).pathname}]`, err);
  return problemResponse(new AppError("internal", "An unexpected error occurred; it has been logged"));
}

/**
 * Every answer to a call with a valid portal token carries a fresh one (same workflow, role, reviewer
 * binding and OTP verification, 4 more hours). OTP verify marks the principal verified, so its answer's token has the claim.
 */
function withPortalToken(res: Response, portal: PortalPrincipal | null): Response {
  if (!portal || portal.expired) return res;
  const { workflowId, tenantId, role, otpVerified, reviewer } = portal;
  res.headers.set(PORTAL_TOKEN_HEADER, issuePortalToken({ workflowId, tenantId, role, otpVerified, reviewer }));
  res.headers.set("cache-control", "no-store");
  return res;
}

type RouteHandler = (req: Request, segment?: { params?: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * A route file's exports: the methods it has, and for every other one a 405 problem+json naming the
 * allowed methods in `Allow` (Next.js would answer those with an empty 405). OPTIONS lists them too,
 * unless it stands for a method the server's guard turned away (TRACE, PROPFIND, unknown tokens:
 * allowed-methods.ts), which is answered 405 as well.
 * Use as `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: route(…) })`.
 */
export function methods(handlers: Partial<Record<RouteMethod, RouteHandler>>): Record<RouteMethod | "OPTIONS", RouteHandler> {
  const allowed = ROUTE_METHODS.filter((m) => handlers[m]);
  const notAllowed: RouteHandler = async (req) => problemResponse(methodNotAllowed(req.method, allowed));
  const options: RouteHandler = async (req) => {
    const refused = refusedMethod(req);
    if (refused) return problemResponse(methodNotAllowed(refused, allowed));
    return new Response(null, { status: 204, headers: { allow: allowHeader(allowed) } });
  };
  const [GET, POST, PUT, PATCH, DELETE] = ROUTE_METHODS.map((m) => handlers[m] ?? notAllowed);
  return { GET, POST, PUT, PATCH, DELETE, OPTIONS: options };
}
