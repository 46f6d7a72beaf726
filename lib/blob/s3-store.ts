import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertBlobKey } from "./keys";
import { blobStoreUnavailable } from "./unavailable";
import type { BlobStore, OpenedBlob } from "./blob-store";

/** Where an S3-compatible store keeps Sealpost's blobs, from BLOB_URL and the S3_* variables. */
export interface S3Location {
  bucket: string;
  /** "" or a folder ending in "/", put before every key. */
  prefix: string;
  region: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (AWS_ACCESS_KEY_ID…, a profile, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

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

  constructor(private readonly at: S3Location) {
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
      requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
    });
  }

  private object(key: string) {
    assertBlobKey(key);
    return { Bucket: this.at.bucket, Key: this.at.prefix + key };
  }

  async put(key: string, data: Uint8Array, contentType?: string): Promise<void> {
    const where = this.object(key);
    await this.call(() => this.client.send(new PutObjectCommand({ ...where, Body: data, ContentType: contentType })));
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
    const upload = new Upload({ client: this.client, params: { ...where, Body: counted, ContentType: contentType }, partSize: PART_BYTES, queueSize: 2 });
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
    const where = this.object(key);
    const res = await this.call(() => this.client.send(new GetObjectCommand(where)), true);
    if (!res) return null;
    return { body: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
  }

  async exists(key: string): Promise<boolean> {
    const where = this.object(key);
    return Boolean(await this.call(() => this.client.send(new HeadObjectCommand(where)), true));
  }

  async delete(key: string): Promise<void> {
    const where = this.object(key);
    await this.call(() => this.client.send(new DeleteObjectCommand(where)));
  }

  private async call<T>(work: () => Promise<T>, missingIsNull: true): Promise<T | null>;
  private async call<T>(work: () => Promise<T>): Promise<T>;
  private async call<T>(work: () => Promise<T>, missingIsNull = false): Promise<T | null> {
    try {
      return await work();
    } catch (err) {
      if (missingIsNull && isMissing(err)) return null;
      throw blobStoreUnavailable(err);
    }
  }
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  // A missing bucket is a misconfiguration, not a missing blob (a HEAD cannot tell them apart).
  if (e?.name === "NoSuchBucket") return false;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}
