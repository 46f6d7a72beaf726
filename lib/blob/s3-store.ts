import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertBlobKey } from "./keys";
import type { S3Location } from "./s3-location";
import { S3ObjectRequests } from "./s3-request";
import { blobStoreUnavailable } from "./unavailable";
import type { BlobStore, OpenedBlob } from "./blob-store";

/** Multipart parts of a streamed upload; two in flight, so a bundle holds at most 16 MB in memory. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Blobs as objects under one bucket and prefix. S3 makes an object visible only once its PUT (or its
 * multipart upload's completion) has succeeded, so a reader never sees half a blob. Every failure
 * other than "no such key" is BlobStoreUnavailable: refused connections, 5xx, throttling, and also
 * 403, which on a missing key means the credentials lack s3:ListBucket (docs/operations.md).
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly requests: S3ObjectRequests;

  /** `idleMs`: a connection silent for this long, connecting or answering, fails (and is tried again). */
  constructor(
    private readonly at: S3Location,
    { idleMs = 30_000 }: { idleMs?: number } = {},
  ) {
    this.client = new S3Client({
      region: at.region,
      endpoint: at.endpoint,
      forcePathStyle: at.forcePathStyle,
      credentials: at.credentials,
      // The SDK's default CRC32 trailers on streamed uploads are refused by many S3-compatible
      // stores; checksums only where an operation requires one (S3's own integrity checks remain).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // Three tries within a call; the job runner retries the job after that (a store down for minutes).
      maxAttempts: 3,
      requestHandler: { connectionTimeout: Math.min(5_000, idleMs), socketTimeout: idleMs },
    });
    this.requests = new S3ObjectRequests(this.client, at, idleMs);
  }

  private object(key: string) {
    assertBlobKey(key);
    return { Bucket: this.at.bucket, Key: this.at.prefix + key };
  }

  async put(key: string, data: Uint8Array, contentType?: string): Promise<void> {
    assertBlobKey(key);
    await this.call(async () => (await this.requests.send("PUT", key, { body: data, contentType }))!.resume());
  }

  async putStream(key: string, body: Readable, contentType?: string): Promise<number> {
    const where = this.object(key);
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const piping = pipeline(body, counted);
    // A failed upload is aborted (no parts left behind) and stops reading, so the source is torn down with it.
    const upload = new Upload({
      client: this.client,
      params: { ...where, Body: counted, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: 2,
    });
    await this.call(() =>
      Promise.all([
        upload.done().catch((err: unknown) => {
          counted.destroy(err as Error);
          throw err;
        }),
        piping,
      ]),
    );
    return size;
  }

  async get(key: string): Promise<Uint8Array | null> {
    const opened = await this.open(key);
    if (!opened) return null;
    return this.call(async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of opened.body) chunks.push(chunk as Buffer);
      const all = Buffer.concat(chunks);
      return new Uint8Array(all.buffer, all.byteOffset, all.byteLength);
    });
  }

  async open(key: string): Promise<OpenedBlob | null> {
    assertBlobKey(key);
    const res = await this.call(() => this.requests.send("GET", key, { missingIsNull: true }));
    if (!res) return null;
    return { body: res, size: Number(res.headers["content-length"] ?? 0) };
  }

  async exists(key: string): Promise<boolean> {
    assertBlobKey(key);
    const res = await this.call(() => this.requests.send("HEAD", key, { missingIsNull: true }));
    res?.resume();
    return res !== null;
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.call(async () => (await this.requests.send("DELETE", key))!.resume());
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw blobStoreUnavailable(err);
    }
  }
}
