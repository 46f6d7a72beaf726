import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/openapi.json/route";
import { problemCodes, type ProblemCode } from "@/lib/http/problem";
import { codesWrittenIn } from "@/scripts/openapi-raised";
import { RAISED_FILE, raisedSource } from "@/scripts/openapi-routes";

const ROOT = path.resolve(import.meta.dirname, "../..");

type Responses = Record<
  string,
  { content?: Record<string, { schema: { allOf?: Array<{ properties?: { code?: { enum: string[] } } }> } }> }
>;
let doc: { paths: Record<string, Record<string, { responses: Responses }>>; info: { description: string } };

beforeAll(async () => {
  doc = await (await GET(new Request("http://localhost/api/openapi.json"))).json();
}, 60_000);

/** The problem codes the document lists for an operation, by status. */
function listed(method: string, p: string): Record<string, string[]> {
  const op = doc.paths[p][method];
  return Object.fromEntries(
    Object.entries(op.responses).flatMap(([status, r]) => {
      const codes = r.content?.["application/problem+json"]?.schema.allOf?.[1].properties?.code?.enum;
      return codes ? [[status, codes]] : [];
    }),
  );
}

describe("the problem codes of each operation", () => {
  it("are the ones its handler's code can raise, as the source says now", () => {
    expect(readFileSync(path.join(ROOT, RAISED_FILE), "utf8"), `${RAISED_FILE} is stale: run npm run openapi:routes`).toBe(raisedSource());
  }, 300_000);

  it("include what the service was seen answering beyond the former hand lists", () => {
    // An explain retention that would delete traces before archiving them, and explain without the licence.
    expect(listed("post", "/api/render")).toMatchObject({
      400: expect.arrayContaining(["explain.retention_conflict"]),
      403: expect.arrayContaining(["licence.feature_missing"]),
    });
    // A signing token with broken percent-encoding is refused by the proxy before routing.
    expect(listed("get", "/api/sign/{token}")[400]).toContain("request.invalid");
    // A signer's link resent too often.
    expect(listed("post", "/api/workflow/{workflowId}/signers/{signer}/resend")[429]).toContain("workflow.resend_rate_limited");
  });

  it("cover every code the service raises: a code no operation lists is raised nowhere, or is said in the conventions", () => {
    const everywhere = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).flatMap((method) => Object.values(listed(method, p)).flat())),
    );
    const unlisted = Object.keys(problemCodes).filter((c) => !everywhere.has(c));
    // 405 is the answer to a method a path does not have, which is no operation of the document.
    expect(doc.info.description).toContain("405 `request.method_not_allowed`");
    const sources = ["lib", "app", "components", "inngest"].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
        .map((e) => path.join(e.parentPath, e.name)),
    );
    sources.push(path.join(ROOT, "proxy.ts"));
    const unexplained = unlisted.filter((c) => c !== "request.method_not_allowed");
    // The files that hold one of them as text at all, then where TypeScript sees it in a code's place.
    const candidates = sources
      .filter((f) => unexplained.some((c) => readFileSync(f, "utf8").includes(`"${c}"`)))
      .map((f) => path.relative(ROOT, f));
    const written = codesWrittenIn(candidates);
    const raisedSomewhere = unexplained.filter((c) => written.has(c as ProblemCode)).map((c) => `${c} at ${written.get(c as ProblemCode)}`);
    expect(
      raisedSomewhere,
      "codes raised in the source that no operation lists: raised where scripts/openapi-raised.ts cannot follow (behind an interface?)",
    ).toEqual([]);
  }, 120_000);
});
