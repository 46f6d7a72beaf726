/**
 * The URL path of an App Router route file, in OpenAPI's template form: `[workflowId]` is
 * `{workflowId}`. A catch-all segment (`[...x]`, `[[...x]]`) has no OpenAPI form (a path parameter is
 * one segment), so such a file gets `catchAll` and a path the document leaves out.
 */
export function apiPathOf(routeFile: string): { path: string; catchAll: boolean } {
  const rel = routeFile
    .replace(/\\/g, "/")
    .replace(/^.*?\bapp\//, "")
    .replace(/\/?route\.[cm]?[jt]sx?$/, "");
  const segments = rel.split("/").filter((s) => s && !/^\(.*\)$/.test(s)); // (group) folders are not in the URL
  const catchAll = segments.some((s) => s.startsWith("[...") || s.startsWith("[[..."));
  return { path: "/" + segments.map((s) => s.replace(/^\[(\w+)\]$/, "{$1}")).join("/"), catchAll };
}
