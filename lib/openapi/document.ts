import { z } from "zod";
import { ROUTE_METHODS } from "@/lib/http/allowed-methods";
import type { ProblemCode } from "@/lib/http/problem";
import { handlerInfo, type AnyRouteSpec, type ResponseDoc } from "@/lib/http/route";
import { conventions } from "./descriptions/conventions";
import { jsonSchemaOf, parametersOf } from "./json-schema";
import { apiPathOf } from "./paths";
import { problemResponses, problemSchema, problemsOf, type RaisedCodes } from "./problems";
import { areaOf, AREAS } from "./tags";

/** One route file as the edge found it: its file path (app/api/…/route.ts) and its exports. */
export interface RouteModule {
  file: string;
  exports: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const SECURITY: Record<AnyRouteSpec["auth"], Json[]> = {
  bearer: [{ bearer: [] }],
  portal: [{ portalToken: [] }, { portalTokenQuery: [] }],
  "bearer-or-portal": [{ bearer: [] }, { portalToken: [] }, { portalTokenQuery: [] }],
  none: [],
};

/**
 * The OpenAPI 3.1 document of the API, from the specs route() keeps on every handler. It knows
 * nothing of app/: the edge hands it the route modules it found.
 */
export function buildOpenApiDocument(modules: readonly RouteModule[], raised: RaisedCodes, info: { version: string }): Json {
  const paths: Record<string, Json> = {};
  for (const m of [...modules].sort((a, b) => a.file.localeCompare(b.file))) {
    const { path, catchAll } = apiPathOf(m.file);
    for (const method of ROUTE_METHODS) {
      const h = handlerInfo(m.exports[method]);
      if (h.kind === "undocumented")
        throw new Error(`${method} ${path} (${m.file}) has no spec: wrap it in route(), documented() or internal()`);
      if (h.kind !== "documented") continue;
      if (catchAll) throw new Error(`${m.file}: a catch-all route has no OpenAPI path; mark it internal()`);
      (paths[path] ??= {})[method.toLowerCase()] = operation(method, path, h.spec, raised[m.file]?.[method] ?? []);
    }
  }
  return {
    openapi: "3.1.1",
    info: {
      title: "Sealpost API",
      version: info.version,
      description: conventions,
    },
    // Relative: the instance that serves this document (the paths start with /api/), wherever it is deployed.
    servers: [{ url: "/", description: "The Sealpost instance that serves this document" }],
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    tags: AREAS.map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      schemas: { Problem: problemSchema },
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            "An access token of the OpenID provider (AUTH_ISSUER): `aud` must include AUTH_AUDIENCE and `tid` name a registered tenant.",
        },
        portalToken: {
          type: "apiKey",
          in: "header",
          name: "X-Svc-Portal-Token",
          description:
            "A participant's or reviewer's portal token for the workflow in the path; every answer carries a fresh one in the same header.",
        },
        portalTokenQuery: {
          type: "apiKey",
          in: "query",
          name: "token",
          description:
            "The portal token as a query parameter (`pt` is read too, as in the portal's address), for links; the header is preferred since addresses end up in logs.",
        },
      },
    },
  };
}

function operation(method: string, path: string, spec: AnyRouteSpec, raised: readonly ProblemCode[]): Json {
  const parameters = [...(spec.params ? parametersOf(spec.params, "path") : []), ...(spec.query ? parametersOf(spec.query, "query") : [])];
  const op: Json = {
    operationId: operationId(method, path),
    tags: [areaOf(path)],
    ...(spec.summary ? { summary: spec.summary } : {}),
    ...(spec.description ? { description: spec.description } : {}),
    security: SECURITY[spec.auth],
    ...(parameters.length ? { parameters } : {}),
  };
  if (spec.body) {
    const examples = Object.keys(spec.examples ?? {}).length ? { examples: spec.examples } : {};
    op.requestBody = { required: true, content: { "application/json": { schema: jsonSchemaOf(spec.body, "input"), ...examples } } };
  } else if (spec.requestBody) {
    op.requestBody = {
      required: true,
      ...(spec.requestBody.description ? { description: spec.requestBody.description } : {}),
      content: { [spec.requestBody.contentType]: { schema: { type: "string", contentMediaType: spec.requestBody.contentType } } },
    };
  }
  op.responses = mergeResponses(successResponses(spec), problemResponses(problemsOf(spec, raised)));
  return op;
}

/** GET /api/dispatch/batch/{batchId} → getDispatchBatchByBatchId: unique, since a path has each method once. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[/.-]/)
    .filter(Boolean)
    .map((w) => {
      const param = /^\{(\w+)\}$/.exec(w);
      const word = param ? `By${param[1][0].toUpperCase()}${param[1].slice(1)}` : w;
      return word[0].toUpperCase() + word.slice(1);
    });
  return method.toLowerCase() + words.join("");
}

function successResponses(spec: AnyRouteSpec): Record<string, Json> {
  const portalHeader = spec.auth === "portal" || spec.auth === "bearer-or-portal";
  const documented = Object.entries(spec.responses ?? {});
  if (!documented.length) {
    return { 200: { description: "Success. The answer's schema is not in this document yet.", "x-sealpost-schema-pending": true } };
  }
  return Object.fromEntries(
    documented.map(([status, r]) => {
      const doc: ResponseDoc = r instanceof z.ZodType ? { schema: r } : (r as ResponseDoc);
      const types = [doc.contentType ?? "application/json"].flat();
      const schemaOf = (type: string) =>
        doc.schema && type.endsWith("json") ? jsonSchemaOf(doc.schema, "output") : { type: "string", contentMediaType: type };
      // Neither a schema nor a content type: an answer without a body (304).
      const content =
        doc.schema || doc.contentType ? Object.fromEntries(types.map((type) => [type, { schema: schemaOf(type) }])) : undefined;
      const headers: Record<string, Json> = Object.fromEntries(
        Object.entries(doc.headers ?? {}).map(([name, description]) => [name, { description, schema: { type: "string" } }]),
      );
      if (portalHeader)
        headers["X-Svc-Portal-Token"] = {
          description: "A fresh portal token (to a portal caller whose token was not expired).",
          schema: { type: "string" },
        };
      return [
        status,
        { description: doc.description ?? "Success", ...(Object.keys(headers).length ? { headers } : {}), ...(content ? { content } : {}) },
      ];
    }),
  );
}

/** A status that is both an answer and a problem (422: render's receipt of an invalid batch) gets both contents. */
function mergeResponses(success: Record<string, Json>, problems: Record<string, Json>): Record<string, Json> {
  const out: Record<string, Json> = { ...problems };
  for (const [status, r] of Object.entries(success)) {
    const p = out[status];
    out[status] = p
      ? {
          ...p,
          ...r,
          description: `${r.description} Or a problem: ${p.description}`,
          content: { ...(p.content as Json), ...((r.content as Json) ?? {}) },
        }
      : r;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
}
