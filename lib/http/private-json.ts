/**
 * The ceremony's answers carry a person's name, address and document: never kept by a cache, and
 * the link (in the page's address) never sent on as a referrer.
 */
export const privateJson = (body: unknown, status = 200): Response =>
  Response.json(body, { status, headers: { "cache-control": "no-store", "referrer-policy": "no-referrer" } });
