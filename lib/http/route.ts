import type { z } from "zod";
import { isBlobStoreUnavailable } from "@/lib/blob/store";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { env } from "@/lib/env";
import { authenticateBearer, type Principal } from "@/lib/auth/bearer";
import {
  authenticatePortal,
  issuePortalToken,
  PORTAL_TOKEN_HEADER,
  portalRoles,
  type PortalPrincipal,
  type PortalRole,
} from "@/lib/auth/portal-token";
import { allowHeader, methodNotAllowed, refusedMethod, ROUTE_METHODS, type RouteMethod } from "./allowed-methods";
import { AppError, problemResponse } from "./problem";
import { readJsonBody } from "./read-body";
import { requireFeature, requireTier } from "./require-feature";
import { assertStorable } from "./storable";
import { redactTokens } from "./redact-tokens";
import { clientIp } from "./visitor";
import { parseOrThrow } from "./zod-errors";

type Feature = "batchDispatch" | "explain" | "workflow";

/**
 * `portal`: a portal token for the workflow named by the path's `workflowId`, of one of `portalRoles`;
 * `bearer-or-portal`: a bearer token when an Authorization header is sent, else a portal token.
 */
export type AuthMode = "bearer" | "none" | "portal" | "bearer-or-portal";

/**
 * One documented answer. A bare zod schema is a JSON body; `contentType` names a file answer
 * (application/pdf, application/zip), or several when a parameter chooses (`schema` then describes
 * the JSON one). `headers` maps a response header to what it carries.
 */
export interface ResponseDoc {
  description?: string;
  schema?: z.ZodType;
  contentType?: string | readonly string[];
  headers?: Record<string, string>;
}

/**
 * What the OpenAPI document (lib/openapi) says about a route beyond what its inputs already tell:
 * none of it changes how the route answers.
 */
export interface RouteDoc {
  summary?: string;
  description?: string;
  /** Success answers by status. Problem answers come from `problems` and from the spec's inputs. */
  responses?: Partial<Record<number, z.ZodType | ResponseDoc>>;
  /** A body the handler reads itself (not JSON through `body`), such as the PDF of e-signature verify. */
  requestBody?: { contentType: string; description?: string };
}

/**
 * A named example of a request body (an OpenAPI Example Object): `summary` says what it shows. The
 * integration tests send these very values, and tests/unit/openapi.test.ts checks each against its
 * route's schema, so an example cannot drift from what the route accepts.
 */
export interface RequestExample<T = unknown> {
  summary: string;
  description?: string;
  value: T;
}

/** The examples of one body schema, by name; typed by what the schema accepts. */
export type RequestExamples<S extends z.ZodType> = Record<string, RequestExample<z.input<S>>>;

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
  /** Examples of `body` for the OpenAPI document (lib/openapi): each is one the tests send. */
  examples?: B extends z.ZodType ? RequestExamples<B> : never;
  query?: Q;
  params?: P;
  bodyLimit?: number;
}

/** A route's spec as the OpenAPI generator reads it, its schemas' types forgotten. */
export type AnyRouteSpec = Omit<RouteSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>, "examples"> &
  RouteDoc & { examples?: Record<string, RequestExample> } & {
    auth: AuthMode;
    /** Set by documented(): route() checks none of it, so no problem follows from it. */ docOnly?: boolean;
  };

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
  spec: RouteSpec<B, Q, P> & RouteDoc & { auth: Auth },
  handler: Handler<Infer<B>, Infer<Q>, Infer<P>, Auth>,
): RouteHandler & { readonly spec: AnyRouteSpec } {
  return Object.assign(
    async (req: Request, segment?: { params?: Promise<Record<string, string>> }): Promise<Response> => {
      let portal: PortalPrincipal | null = null;
      try {
        const rawParams = (await segment?.params) ?? {};
        const usePortal = spec.auth === "portal" || (spec.auth === "bearer-or-portal" && !req.headers.has("authorization"));
        const principal = spec.auth === "bearer" || (spec.auth === "bearer-or-portal" && !usePortal) ? await authenticateBearer(req) : null;
        if (principal && spec.feature) requireFeature(principal, spec.feature);
        if (principal && spec.tiers) requireTier(principal, spec.tiers);
        if (usePortal)
          portal = await authenticatePortal(req, rawParams.workflowId, spec.portalRoles ?? portalRoles, spec.expiredPortalGraceS);
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
    },
    { spec: spec as AnyRouteSpec },
  );
}

function errorResponse(req: Request, err: unknown): Response {
  if (err instanceof AppError) return problemResponse(err);
  const where = `${req.method} ${redactTokens(new URL(req.url).pathname)}`;
  if (isDatabaseUnavailable(err)) {
    console.error(`[${where}] database unavailable: ${(err as Error).message}`);
    return problemResponse(
      new AppError("unavailable", "The database is not answering; try again shortly", { headers: { "retry-after": "5" } }),
    );
  }
  if (isBlobStoreUnavailable(err)) {
    console.error(`[${where}] blob store unavailable: ${(err as Error).message}`);
    return problemResponse(
      new AppError("unavailable", "The document store is not answering; try again shortly", { headers: { "retry-after": "5" } }),
    );
  }
  console.error(`[${where}]`, err);
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
  const notAllowed = Object.assign(async (req: Request) => problemResponse(methodNotAllowed(req.method, allowed)), {
    methodNotAllowed: true,
  });
  const options: RouteHandler = async (req) => {
    const refused = refusedMethod(req);
    if (refused) return problemResponse(methodNotAllowed(refused, allowed));
    return new Response(null, { status: 204, headers: { allow: allowHeader(allowed) } });
  };
  const [GET, POST, PUT, PATCH, DELETE] = ROUTE_METHODS.map((m) => handlers[m] ?? notAllowed);
  return { GET, POST, PUT, PATCH, DELETE, OPTIONS: options };
}

/**
 * A handler that does not go through route() but is part of the API (health): its spec is read by
 * the OpenAPI document only, nothing of it is enforced.
 */
export function documented<H extends RouteHandler>(spec: RouteDoc & { auth: AuthMode }, handler: H): H & { readonly spec: AnyRouteSpec } {
  return Object.assign(handler, { spec: { ...spec, docOnly: true } as AnyRouteSpec });
}

/**
 * A handler that is deliberately not in the OpenAPI document (Auth.js's and Inngest's own endpoints,
 * the /api catch-all): the reason is kept so that the completeness test can tell it from a forgotten one.
 */
export function internal<H extends (...args: never[]) => Promise<Response>>(reason: string, handler: H): H & { readonly internal: string } {
  return Object.assign(handler, { internal: reason });
}

/** How the OpenAPI document sees one exported method of a route file. */
export type HandlerInfo =
  { kind: "documented"; spec: AnyRouteSpec } | { kind: "internal"; reason: string } | { kind: "not-allowed" } | { kind: "undocumented" };

export function handlerInfo(handler: unknown): HandlerInfo {
  const h = handler as { spec?: AnyRouteSpec; internal?: string; methodNotAllowed?: boolean } | undefined;
  if (!h) return { kind: "not-allowed" };
  if (h.methodNotAllowed) return { kind: "not-allowed" };
  if (h.internal) return { kind: "internal", reason: h.internal };
  if (h.spec) return { kind: "documented", spec: h.spec };
  return { kind: "undocumented" };
}
