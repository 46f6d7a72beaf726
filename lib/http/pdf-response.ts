import { Readable } from "node:stream";
import type { OpenedBlob } from "@/lib/blob/store";

/**
 * Binary responses (PDF, ZIP) with a safe Content-Disposition built from a name we generated or checked.
 * A blob opened from the store streams through (a 10,000-document bundle is never held whole).
 */
export function pdfResponse(
  file: Uint8Array | OpenedBlob,
  opts: { status?: number; filename?: string; inline?: boolean; headers?: Record<string, string>; contentType?: string } = {},
): Response {
  const streamed = !(file instanceof Uint8Array);
  const headers: Record<string, string> = {
    "content-type": opts.contentType ?? "application/pdf",
    "content-length": String(streamed ? file.size : file.byteLength),
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
    ...opts.headers,
  };
  if (opts.filename) {
    const ascii = opts.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
    headers["content-disposition"] =
      `${opts.inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(opts.filename)}`;
  }
  const body = streamed ? (Readable.toWeb(file.body) as ReadableStream<Uint8Array>) : Buffer.from(file);
  return new Response(body, { status: opts.status ?? 200, headers });
}

/** A PDF the service made and stored (the sealed record, the certificate of completion), read back whole. */
export interface StoredPdf {
  pdf: Uint8Array;
  fileName: string;
  sha256: string;
}

/** A stored PDF as a download with its SHA-256 in `X-Content-SHA256` (the API's and the console's route alike). */
export const storedPdfResponse = (file: StoredPdf, headers: Record<string, string> = {}): Response =>
  pdfResponse(file.pdf, { filename: file.fileName, headers: { "x-content-sha256": file.sha256, ...headers } });
