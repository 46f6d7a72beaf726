/** Binary responses (PDF, ZIP) with a safe Content-Disposition built from a name we generated or checked. */
export function pdfResponse(
  bytes: Uint8Array,
  opts: { status?: number; filename?: string; inline?: boolean; headers?: Record<string, string>; contentType?: string } = {},
): Response {
  const headers: Record<string, string> = {
    "content-type": opts.contentType ?? "application/pdf",
    "content-length": String(bytes.byteLength),
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
    ...opts.headers,
  };
  if (opts.filename) {
    const ascii = opts.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
    headers["content-disposition"] =
      `${opts.inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(opts.filename)}`;
  }
  return new Response(Buffer.from(bytes), { status: opts.status ?? 200, headers });
}
