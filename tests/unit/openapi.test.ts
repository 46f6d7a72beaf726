import { readFileSync } from "node:fs";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/openapi.json/route";
import { ROUTE_METHODS } from "@/lib/http/allowed-methods";
import { problemCodes } from "@/lib/http/problem";
import { handlerInfo } from "@/lib/http/route";
import { apiPathOf } from "@/lib/openapi/paths";
import { problemsOf } from "@/lib/openapi/problems";
import { raisedCodes } from "@/app/api/openapi.json/raised";
import { apiRouteFiles, INDEX_FILE, routesIndexSource } from "@/scripts/openapi-routes";
import { pathTemplateOf } from "../support/documented";

const ROOT = path.resolve(import.meta.dirname, "../..");

type Example = { summary: string; value: unknown };
type Operation = {
  requestBody?: { content: Record<string, { schema: object; examples?: Record<string, Example> }> };
  responses: Record<string, Response>;
};
type Response = { content?: Record<string, { schema: { allOf?: Array<{ properties?: { code?: { enum: string[] } } }> } }> };

let doc: { paths: Record<string, Record<string, Operation>> };
/** Every route file under app/api, found by walking the tree, with its exports. */
let routes: Array<{ file: string; exports: Record<string, unknown> }>;

beforeAll(async () => {
  routes = await Promise.all(apiRouteFiles().map(async (file) => ({ file, exports: await import(path.join(ROOT, file)) })));
  const res = await GET(new Request("http://localhost/api/openapi.json"));
  expect(res.status).toBe(200);
  doc = await res.json();
}, 60_000);

describe("the OpenAPI document", () => {
  it("is generated from an index of route files that lists every file under app/api", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(readFileSync(path.join(ROOT, INDEX_FILE), "utf8"), `${INDEX_FILE} is stale: run npm run openapi:routes`).toBe(
      routesIndexSource(),
    );
  });

  it("has every method of every route file, unless the file marks it internal", () => {
    const missing: string[] = [];
    for (const { file, exports } of routes) {
      const { path: p } = apiPathOf(file);
      for (const method of ROUTE_METHODS) {
        const info = handlerInfo(exports[method]);
        if (info.kind === "not-allowed") continue;
        if (info.kind === "internal") {
          expect(doc.paths[p]?.[method.toLowerCase()], `${method} ${p} is internal`).toBeUndefined();
          continue;
        }
        if (!doc.paths[p]?.[method.toLowerCase()]) missing.push(`${method} ${p} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("is valid OpenAPI 3.1", async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.warnings).toEqual([]);
    expect(result).toMatchObject({ valid: true, specification: "OpenAPI" });
    expect((doc as unknown as { openapi: string }).openapi).toMatch(/^3\.1\./);
  });

  it("describes the JSON body of every route that reads one", () => {
    for (const { file, exports } of routes) {
      for (const method of ROUTE_METHODS) {
        const info = handlerInfo(exports[method]);
        if (info.kind !== "documented" || !info.spec.body) continue;
        const op = doc.paths[apiPathOf(file).path][method.toLowerCase()];
        expect(op.requestBody?.content["application/json"].schema, `${method} ${file}`).toBeTypeOf("object");
      }
    }
    const decide = doc.paths["/api/dispatch/batch/{batchId}/decide"].post.requestBody!.content["application/json"].schema;
    expect(decide).toMatchObject({
      type: "object",
      required: ["decision"],
      properties: { decision: { enum: ["approve", "reject", "request-changes"] } },
    });
  });

  /** Operations with a JSON body and no example, each with the reason: none today. */
  const WITHOUT_EXAMPLES: Record<string, string> = {};

  it("has request examples that every route with a JSON body accepts", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const missing: string[] = [];
    let checked = 0;
    for (const { file, exports } of routes) {
      for (const method of ROUTE_METHODS) {
        const info = handlerInfo(exports[method]);
        if (info.kind !== "documented" || !info.spec.body) continue;
        const name = `${method} ${apiPathOf(file).path}`;
        const media = doc.paths[apiPathOf(file).path][method.toLowerCase()].requestBody!.content["application/json"];
        const examples = Object.entries(media.examples ?? {});
        if (!examples.length && !WITHOUT_EXAMPLES[name]) missing.push(name);
        const validate = ajv.compile(media.schema);
        for (const [key, example] of examples) {
          expect(example.summary, `${name} example ${key} has a summary`).toMatch(/\w/);
          // The document's schema (what a client validates with) and the route's own zod schema, refinements included.
          expect(validate(example.value) ? [] : validate.errors, `${name} example ${key} matches the documented schema`).toEqual([]);
          const parsed = info.spec.body.safeParse(example.value);
          expect(parsed.success ? [] : parsed.error.issues, `${name} example ${key} is accepted by the route's schema`).toEqual([]);
          checked++;
        }
      }
    }
    expect(
      missing,
      "operations with a JSON body and no example (add `examples` to the route's spec, or a reason to WITHOUT_EXAMPLES)",
    ).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(13);
  });

  it("lists every problem code a route can answer under its status", () => {
    for (const { file, exports } of routes) {
      for (const method of ROUTE_METHODS) {
        const info = handlerInfo(exports[method]);
        if (info.kind !== "documented") continue;
        const op = doc.paths[apiPathOf(file).path][method.toLowerCase()];
        for (const code of problemsOf(info.spec, raisedCodes[file]?.[method])) {
          const listed =
            op.responses[String(problemCodes[code].status)]?.content?.["application/problem+json"]?.schema.allOf?.[1].properties?.code
              ?.enum;
          expect(listed, `${method} ${file}: ${code}`).toContain(code);
        }
      }
    }
    const decide = doc.paths["/api/dispatch/batch/{batchId}/decide"].post.responses;
    expect(Object.keys(decide)).toEqual(expect.arrayContaining(["401", "403", "404", "409", "503"]));
    expect(decide["409"].content!["application/problem+json"].schema.allOf![1].properties!.code!.enum).toContain("batch.invalid_state");
  });

  it("describes the answers of every route, files with their headers", () => {
    const main = [
      "post /api/render",
      "get /api/dispatch/batch",
      "get /api/dispatch/batch/{batchId}",
      "post /api/dispatch/batch/{batchId}/decide",
      "post /api/workflow",
      "get /api/workflow/{workflowId}/status",
      "patch /api/workflow/{workflowId}/step/{stepIndex}",
      "post /api/workflow/{workflowId}/advance",
      "post /api/workflow/{workflowId}/approve",
      "get /api/explain/trace",
      "get /api/sign/{token}",
      "post /api/esign/verify",
      "get /api/health",
    ];
    for (const m of main) {
      const [method, p] = m.split(" ");
      expect(doc.paths[p][method].responses["200"] ?? doc.paths[p][method].responses["202"], m).not.toHaveProperty(
        "x-sealpost-schema-pending",
      );
    }
    // Every operation describes its answers: a route without `responses` fails here.
    const pending = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).flatMap(([method, op]) =>
        Object.values(op.responses).some((r) => "x-sealpost-schema-pending" in r) ? [`${method.toUpperCase()} ${p}`] : [],
      ),
    );
    expect(pending, "operations whose answer has no schema (give the route's spec `responses`)").toEqual([]);
    const render = doc.paths["/api/render"].post.responses as Record<string, { headers?: object; content?: Record<string, unknown> }>;
    expect(Object.keys(render["202"].headers!)).toEqual([
      "X-Svc-BatchId",
      "X-Svc-CorrelationId",
      "X-Svc-DispatchReadiness",
      "X-Svc-Idempotent-Replay",
    ]);
    // 422 is both the receipt of an invalid batch and the problems of invalid content.
    expect(Object.keys(render["422"].content!).sort()).toEqual(["application/pdf", "application/problem+json"]);
    expect(doc.paths["/api/esign/verify"].post.requestBody!.content).toHaveProperty("application/pdf");
  });

  it("describes every operation and every area, and states the conventions", () => {
    const full = doc as unknown as {
      info: { description?: string };
      tags: Array<{ name: string; description?: string }>;
      paths: Record<string, Record<string, { summary?: string; description?: string; tags: string[] }>>;
    };
    const undescribed = Object.entries(full.paths).flatMap(([p, ops]) =>
      Object.entries(ops).flatMap(([method, op]) => (op.description?.trim() || op.summary?.trim() ? [] : [`${method.toUpperCase()} ${p}`])),
    );
    expect(undescribed, "operations without a summary or description (give the route's spec one)").toEqual([]);
    const used = new Set(Object.values(full.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags)));
    expect([...used].filter((t) => !full.tags.some((tag) => tag.name === t))).toEqual([]);
    expect(
      full.tags.filter((t) => !t.description?.trim()).map((t) => t.name),
      "tags without a description (lib/openapi/descriptions)",
    ).toEqual([]);
    expect(full.info.description).toMatch(/## Errors/);
  });

  it("finds the operation of a request path as the router does, for the integration tests' check of every answer", () => {
    const of = (p: string) => pathTemplateOf(doc, p);
    expect(of("/api/dispatch/batch/check")).toBe("/api/dispatch/batch/check");
    expect(of("/api/dispatch/batch/0b6f0e6e-1c1a-4c55-9a4e-3f1f3c1d2e3f")).toBe("/api/dispatch/batch/{batchId}");
    expect(of("/api/sign/%E0%A4%A")).toBe("/api/sign/{token}");
    expect(of("/api/workflow/w1/signers/0/resend")).toBe("/api/workflow/{workflowId}/signers/{signer}/resend");
    expect(of("/api/dispatch/batch/")).toBeUndefined();
    expect(of("/api/nothing/here")).toBeUndefined();
  });

  it("is served cacheable and revalidated by its ETag", async () => {
    const first = await GET(new Request("http://localhost/api/openapi.json"));
    expect(first.headers.get("cache-control")).toBe("public, max-age=300");
    const etag = first.headers.get("etag")!;
    const again = await GET(new Request("http://localhost/api/openapi.json", { headers: { "if-none-match": etag } }));
    expect(again.status).toBe(304);
  });
});
