import type { Readable } from "node:stream";

/** A blob read as a stream: a ZIP bundle of 10,000 documents is passed on, never held whole. */
export interface OpenedBlob {
  body: Readable;
  size: number;
}

/**
 * Where PDFs, receipts, bundles and traces live. Keys are made by the service (never from request
 * data) and checked by assertBlobKey, so a driver may map them onto paths or object names directly.
 * Two drivers, chosen by BLOB_URL (lib/blob/config.ts): a local folder and any S3-compatible store.
 * A reader never sees half a blob: a write, streamed or not, appears whole or not at all.
 */
export interface BlobStore {
  put(key: string, data: Uint8Array, contentType?: string): Promise<void>;
  /** Stores a stream's bytes (multipart on S3) and resolves to their count once the blob is in place. */
  putStream(key: string, body: Readable, contentType?: string): Promise<number>;
  /** null when there is no such blob. */
  get(key: string): Promise<Uint8Array | null>;
  /** null when there is no such blob. */
  open(key: string): Promise<OpenedBlob | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing blob is not an error. */
  delete(key: string): Promise<void>;
}
