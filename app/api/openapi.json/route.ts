import { createHash } from "node:crypto";
import { z } from "zod";
import { methods, route } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import pkg from "@/package.json";
import { raisedCodes } from "./raised";
import { routeModules } from "./routes";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

let cached: { body: string; etag: string } | undefined;

/**
 * Built once per process on first request: it depends on the code only, so a deploy is the only
 * thing that changes it. Public like GitHub's and Stripe's (no secret is in it), cacheable for five
 * minutes and revalidated by ETag, and readable from any origin so that hosted viewers can load it.
 */
const get = route(
  {
    auth: "none",
    summary: "This OpenAPI document",
    description: md(
      "No token. Built on the first request and kept for the process (it depends on the code only). `Cache-Control: public, max-age=300` with an `ETag` (send it back in `If-None-Match` for a 304), and `Access-Control-Allow-Origin: *` so that a hosted viewer can load it: no secret is in it, as in GitHub's and Stripe's.",
    ),
    responses: {
      200: {
        description: "The OpenAPI 3.1 document of this API, generated from the routes' zod schemas.",
        schema: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }),
        headers: { ETag: "Changes when the document changes; send it back in If-None-Match" },
      },
      304: { description: "Not modified (If-None-Match named the current ETag)." },
    },
  },
  async ({ req }) => {
    cached ??= serialise(buildOpenApiDocument([...routeModules, { file: "app/api/openapi.json/route.ts", exports: { GET } }], raisedCodes, { version: pkg.version }));
    const headers = { etag: cached.etag, "cache-control": "public, max-age=300", "access-control-allow-origin": "*" };
    if (req.headers.get("if-none-match") === cached.etag) return new Response(null, { status: 304, headers });
    return new Response(cached.body, { headers: { ...headers, "content-type": "application/json" } });
  },
);

function serialise(doc: object) {
  const body = JSON.stringify(doc);
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
