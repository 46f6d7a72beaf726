import { resourceCsp } from "./csp";
import { AppError, problemCodes, problemResponse } from "./problem";

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => escapes[c]);

/**
 * A page route's refusal (a path that is not percent-encoded UTF-8, a method the page does not
 * have): a small HTML page for a browser (its Accept names text/html), problem+json for every other
 * client, with the same status, code and headers (Allow on a 405) either way.
 */
export function pageProblem(req: Request, err: AppError): Response {
  if (!/\btext\/html\b/i.test(req.headers.get("accept") ?? "")) {
    const res = problemResponse(err);
    // No page policy applies to an answer that never reached a page: this one runs nothing.
    res.headers.set("content-security-policy", resourceCsp());
    return res;
  }
  const title = escape(problemCodes[err.code].title);
  const html = [
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${title} – Sealpost</title></head>`,
    `<body><main><h1>${title}</h1><p>${escape(err.message)}</p><p><a href="/">Go to the Sealpost start page</a></p></main></body></html>`,
  ].join("");
  return new Response(html, {
    status: err.status,
    headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": resourceCsp(), ...err.extra.headers },
  });
}
