/**
 * The address of the page being rendered, its path and query (`/portal/…?pt=…`), which proxy.ts sets
 * on every page request (replacing any a client sent): server components are not told their address,
 * yet the language of a page (and of its `<html lang>`, laid out by the root layout) depends on what
 * it opens.
 */
export const PAGE_PATH_HEADER = "x-sealpost-page-path";

/** A path of this site to send a browser back to: one leading slash, no backslash (so never `//host`). */
export const isLocalPath = (path: string | null | undefined): path is string => !!path && /^\/(?![/\\])[^\\]*$/.test(path);
