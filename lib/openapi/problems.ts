import type { RouteMethod } from "@/lib/http/allowed-methods";
import { problemCodes, type ProblemCode } from "@/lib/http/problem";
import type { AnyRouteSpec } from "@/lib/http/route";

/**
 * The problem codes each method of each route file (app/api/…/route.ts) can raise from its handler,
 * found in the source by scripts/openapi-raised.ts, never written by hand.
 */
export type RaisedCodes = Readonly<Record<string, Partial<Record<RouteMethod, readonly ProblemCode[]>>>>;

/**
 * Every problem code a route can answer: the ones its spec implies (what route() and the proxy check
 * before the handler runs, and what any route answers when the database or blob store is down) and
 * the ones its handler's code can raise (`raised`). Statuses come from problemCodes, never from here.
 */
export function problemsOf(spec: AnyRouteSpec, raised: readonly ProblemCode[] = []): ProblemCode[] {
  const codes = new Set<ProblemCode>(raised);
  if (!spec.docOnly) {
    const add = (...c: ProblemCode[]) => c.forEach((x) => codes.add(x));
    add("request.invalid_characters", "internal", "unavailable");
    if (spec.auth === "bearer" || spec.auth === "bearer-or-portal")
      add("auth.token_missing", "auth.token_invalid", "auth.token_expired", "auth.tenant_unknown");
    if (spec.auth === "portal" || spec.auth === "bearer-or-portal")
      add("portal.token_missing", "portal.token_invalid", "portal.token_expired", "portal.wrong_workflow");
    if (spec.portalRoles && spec.auth !== "bearer") add("portal.role_forbidden");
    if (spec.feature) add("licence.feature_missing");
    if (spec.tiers) add("licence.tier_required");
    // A path parameter that does not parse names nothing: 404, as an unknown id would. One that is
    // not valid percent-encoded UTF-8 is refused by the proxy before routing (proxy.ts): 400.
    if (spec.params) add("resource.not_found", "request.invalid");
    if (spec.query) add("request.invalid");
    if (spec.body) add("request.malformed_json", "request.invalid", "request.too_large", "request.unsupported_media_type");
  }
  return [...codes].sort((a, b) => problemCodes[a].status - problemCodes[b].status || a.localeCompare(b));
}

/** The `type` URI of a code, as problemResponse writes it. */
export const problemType = (code: ProblemCode) => `https://sealpost.dev/problems/${code.replace(/[._]/g, "-")}`;

export const problemSchema = {
  type: "object",
  description: "RFC 9457 problem details. `code` is stable; `errors[]` names each bad place of a request.",
  required: ["type", "title", "status", "detail", "code"],
  properties: {
    type: { type: "string", format: "uri" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    code: { type: "string" },
    errors: {
      type: "array",
      items: { type: "object", required: ["path", "message"], properties: { path: { type: "string" }, message: { type: "string" } } },
    },
  },
  additionalProperties: true,
} as const;

/** OpenAPI responses for these codes, one per status, each code an example of its own. */
export function problemResponses(codes: readonly ProblemCode[]): Record<string, Record<string, unknown>> {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const c of codes) byStatus.set(problemCodes[c].status, [...(byStatus.get(problemCodes[c].status) ?? []), c]);
  const out: Record<string, Record<string, unknown>> = {};
  for (const [status, list] of byStatus) {
    out[String(status)] = {
      description: list.map((c) => `\`${c}\`: ${problemCodes[c].title}`).join("; "),
      ...(status === 503 || status === 429
        ? { headers: { "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer" } } } }
        : {}),
      content: {
        "application/problem+json": {
          schema: {
            allOf: [{ $ref: "#/components/schemas/Problem" }, { properties: { status: { const: status }, code: { enum: list } } }],
          },
          examples: Object.fromEntries(
            list.map((c) => [
              c,
              {
                summary: problemCodes[c].title,
                value: { type: problemType(c), title: problemCodes[c].title, status, detail: problemCodes[c].title, code: c },
              },
            ]),
          ),
        },
      },
    };
  }
  return out;
}
