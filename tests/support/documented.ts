import { appendFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";

type Media = { schema: Record<string, unknown> };
type Operation = { responses: Record<string, { content?: Record<string, Media> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

let doc: Promise<Document> | undefined;
/** The document as this checkout generates it (the same code the server under test was built from). */
export const openApiDocument = () =>
  (doc ??= import("@/app/api/openapi.json/route")
    .then(({ GET }) => GET(new Request("http://localhost/api/openapi.json")))
    .then((r) => r.json() as Promise<Document>));

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
/** Compiled once per schema object: a document is parsed once per process or server. */
const validators = new WeakMap<object, ValidateFunction>();
const validatorOf = (schema: Record<string, unknown>) => validators.get(schema) ?? validators.set(schema, ajv.compile(schema)).get(schema)!;

/**
 * Checks a real answer against the document: its status is documented for that operation, its
 * content type is one the document names, a JSON body matches the documented schema and a problem's
 * code is one the document lists under that status. Answers the parsed JSON body (or null).
 */
export async function expectDocumented(res: Response, method: string, pathTemplate: string): Promise<unknown> {
  return expectDocumentedIn(await openApiDocument(), res, method, pathTemplate);
}

async function expectDocumentedIn(document: Document, res: Response, method: string, pathTemplate: string): Promise<unknown> {
  const op = document.paths[pathTemplate]?.[method.toLowerCase()];
  expect(op, `${method} ${pathTemplate} is in the document`).toBeDefined();
  const documented = op!.responses[String(res.status)];
  expect(documented, `${method} ${pathTemplate} documents status ${res.status}`).toBeDefined();
  const type = (res.headers.get("content-type") ?? "").split(";")[0].trim();
  if (!documented!.content) {
    expect(type, `${method} ${pathTemplate} ${res.status} has no body`).toBe("");
    return null;
  }
  expect(Object.keys(documented!.content), `${method} ${pathTemplate} ${res.status} content types`).toContain(type);
  if (!type.endsWith("json") || method.toUpperCase() === "HEAD") return null;
  const body: unknown = await res.clone().json();
  const schema = documented!.content[type].schema;
  if (type === "application/problem+json") {
    const codes = (schema.allOf as Array<{ properties: { code: { enum: string[] } } }>)[1].properties.code.enum;
    expect(codes, `${method} ${pathTemplate} ${res.status} lists the problem's code`).toContain((body as { code: string }).code);
    return body;
  }
  const validate = validatorOf(schema);
  expect(validate(body) ? [] : validate.errors, `${method} ${pathTemplate} ${res.status} matches its schema`).toEqual([]);
  return body;
}

/** The documents the servers under test serve, by base URL; a failed fetch is not kept. */
const served = new Map<string, Promise<Document>>();
function servedDocument(base: string): Promise<Document> {
  let d = served.get(base);
  if (!d) {
    d = fetch(`${base}/api/openapi.json`).then((r) => {
      if (!r.ok) throw new Error(`${base}/api/openapi.json answered ${r.status}`);
      return r.json() as Promise<Document>;
    });
    d.catch(() => served.delete(base));
    served.set(base, d);
  }
  return d;
}

/** The document's path template a request path stands for: a literal segment wins over a parameter, as in the router. */
export function pathTemplateOf(document: Document, pathname: string): string | undefined {
  const segments = pathname.split("/");
  let best: { template: string; params: number } | undefined;
  for (const template of Object.keys(document.paths)) {
    const parts = template.split("/");
    if (parts.length !== segments.length) continue;
    let params = 0;
    const matches = parts.every((p, i) => (/^\{\w+\}$/.test(p) ? (params++, segments[i] !== "") : p === segments[i]));
    if (matches && (!best || params < best.params)) best = { template, params };
  }
  return best?.template;
}

/**
 * Every API exchange of the integration tests goes through here (the stack's `api`, and the tests'
 * own fetches of API paths): an answer of an operation the document has is checked against the
 * document the server serves, which tests/integration/openapi-answers.test.ts asserts is the one this
 * checkout generates. Paths no route serves and methods a path does not have are no operation of the
 * document (their 404 and 405 are stated in its conventions), and are left alone. With
 * OPENAPI_CHECKED_LOG set, each checked exchange is appended to that file as `METHOD template status`.
 */
export async function documentedFetch(url: string | URL, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  const { origin, pathname } = new URL(url);
  if (!pathname.startsWith("/api/")) return res;
  const method = (init?.method ?? "GET").toUpperCase();
  const document = await servedDocument(origin);
  const template = pathTemplateOf(document, pathname);
  if (!template || !document.paths[template][method.toLowerCase()]) return res;
  await expectDocumentedIn(document, res, method, template);
  if (process.env.OPENAPI_CHECKED_LOG) appendFileSync(process.env.OPENAPI_CHECKED_LOG, `${method} ${template} ${res.status}\n`);
  return res;
}
