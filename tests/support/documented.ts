import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { GET } from "@/app/api/openapi.json/route";

type Media = { schema: Record<string, unknown> };
type Operation = { responses: Record<string, { content?: Record<string, Media> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

let doc: Promise<Document> | undefined;
/** The document as this checkout generates it (the same code the server under test was built from). */
export const openApiDocument = () => (doc ??= GET(new Request("http://localhost/api/openapi.json")).then((r) => r.json() as Promise<Document>));

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

/**
 * Checks a real answer against the document: its status is documented for that operation, its
 * content type is one the document names, a JSON body matches the documented schema and a problem's
 * code is one the document lists under that status. Answers the parsed JSON body (or null).
 */
export async function expectDocumented(res: Response, method: string, pathTemplate: string): Promise<unknown> {
  const op = (await openApiDocument()).paths[pathTemplate]?.[method.toLowerCase()];
  expect(op, `${method} ${pathTemplate} is in the document`).toBeDefined();
  const documented = op!.responses[String(res.status)];
  expect(documented, `${method} ${pathTemplate} documents status ${res.status}`).toBeDefined();
  const type = (res.headers.get("content-type") ?? "").split(";")[0].trim();
  if (!documented!.content) {
    expect(type, `${method} ${pathTemplate} ${res.status} has no body`).toBe("");
    return null;
  }
  expect(Object.keys(documented!.content), `${method} ${pathTemplate} ${res.status} content types`).toContain(type);
  if (!type.endsWith("json")) return null;
  const body: unknown = await res.clone().json();
  const schema = documented!.content[type].schema;
  if (type === "application/problem+json") {
    const codes = (schema.allOf as Array<{ properties: { code: { enum: string[] } } }>)[1].properties.code.enum;
    expect(codes, `${method} ${pathTemplate} ${res.status} lists the problem's code`).toContain((body as { code: string }).code);
    return body;
  }
  const validate = ajv.compile(schema);
  expect(validate(body) ? [] : validate.errors, `${method} ${pathTemplate} ${res.status} matches its schema`).toEqual([]);
  return body;
}
