import { AppError } from "./problem";
import { assertStorable } from "./storable";

/** Reads a JSON body without ever holding more than `limit` bytes of it; what PostgreSQL could not store is refused here. */
export async function readJsonBody(req: Request, limit: number): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  const type = req.headers.get("content-type") ?? "";
  if (type && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError("request.unsupported_media_type", `Send the body as application/json (got ${type.split(";")[0]})`);
  }
  if (!req.body) throw new AppError("request.malformed_json", "The request has no body");
  const text = (await readUpTo(req.body, limit)).toString("utf8");
  if (!text.trim()) throw new AppError("request.malformed_json", "The request body is empty");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new AppError("request.malformed_json", `The body is not valid JSON: ${(err as Error).message.slice(0, 200)}`);
  }
  assertStorable(value, "body");
  return value;
}

/** The whole stream, or 413 request.too_large as soon as it passes `limit` bytes (the rest never read). */
async function readUpTo(body: ReadableStream<Uint8Array>, limit: number): Promise<Buffer> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

function tooLarge(limit: number): AppError {
  return new AppError("request.too_large", `The body exceeds ${limit} bytes`, { limitBytes: limit });
}

/**
 * Reads a binary body of `type` (application/pdf) as a stream, never holding more than `limit`
 * bytes: a declared length over the limit is refused before reading, and a body that grows past it
 * (chunked, or a lying Content-Length) is cut off there, the rest never read.
 */
export async function readBinaryBody(req: Request, type: string, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  const given = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (given !== type) throw new AppError("request.unsupported_media_type", `Send the body as ${type}${given ? ` (got ${given})` : ""}`);
  if (!req.body) return new Uint8Array(0);
  return new Uint8Array(await readUpTo(req.body, limit));
}
