import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createSealpostClient, type SealpostClient } from "../client/index";
import { readProfile, type Profile } from "./config";

export const clientFor = (p: Profile): SealpostClient =>
  createSealpostClient({
    baseUrl: p.url,
    issuer: p.issuer,
    tokenUrl: p.tokenUrl,
    audience: p.audience,
    clientId: p.clientId,
    clientSecret: p.clientSecret,
  });

/** The client of the saved (or environment's) profile. */
export const apiClient = async (): Promise<SealpostClient> => clientFor(await readProfile());

/**
 * Streams an answer's body into `path`: through a temporary file renamed at the end, so that a
 * download cut short never leaves a file that looks whole. Answers the bytes written.
 */
export async function saveBody(body: ReadableStream<Uint8Array> | null | undefined, path: string): Promise<number> {
  if (!body) throw new Error("The answer has no body");
  const partial = `${path}.part`;
  let bytes = 0;
  const counted = Readable.fromWeb(body as WebReadableStream<Uint8Array>).on("data", (chunk: Buffer) => (bytes += chunk.length));
  try {
    await pipeline(counted, createWriteStream(partial));
    await rename(partial, path);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return bytes;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
