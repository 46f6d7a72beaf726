import { withDeadline } from "@/lib/deadline";
import { env, type Env } from "@/lib/env";
import { blobLocation, type BlobLocation } from "./config";
import type { BlobStore } from "./blob-store";
import { LocalBlobStore } from "./local-store";
import type { S3Location } from "./s3-location";
import { blobStoreUnavailable, isBlobStoreUnavailable } from "./unavailable";

export { assertBlobKey } from "./keys";
export type { BlobStore, OpenedBlob } from "./blob-store";
export { isBlobStoreUnavailable } from "./unavailable";

/** A blob call not done in this time fails (and its job is retried) instead of holding a loop for ever. */
const BLOB_DEADLINE_MS = 30_000;

/**
 * System errors (an errno code, or the deadline's ETIMEDOUT) become BlobStoreUnavailable, as the S3
 * driver's failures already are; a bad key stays the bug it is.
 */
function asUnavailable(err: unknown): unknown {
  if (isBlobStoreUnavailable(err)) return err;
  if (!(err instanceof Error) || typeof (err as NodeJS.ErrnoException).code !== "string") return err;
  return blobStoreUnavailable(err);
}

function withDeadlines(store: BlobStore): BlobStore {
  const within = <T>(work: Promise<T>, what: string, key: string) =>
    withDeadline(work, BLOB_DEADLINE_MS, `blob store ${what} of ${key}`).catch((err: unknown) => {
      throw asUnavailable(err);
    });
  return {
    put: (key, data, type) => within(store.put(key, data, type), "put", key),
    // A 10,000-document bundle may take minutes to stream; a stalled one fails on the driver's idle timeout.
    putStream: (key, body, type) =>
      store.putStream(key, body, type).catch((err: unknown) => {
        throw asUnavailable(err);
      }),
    get: (key) => within(store.get(key), "get", key),
    // The deadline covers opening (the answer's headers); the body streams at the reader's pace.
    open: (key) => within(store.open(key), "open", key),
    exists: (key) => within(store.exists(key), "exists", key),
    delete: (key) => within(store.delete(key), "delete", key),
  };
}

/**
 * The S3 driver, loaded on its first call: the AWS SDK is megabytes of heap in every thread that
 * imports this module (each render thread stores its records), and a render thread's heap is
 * allowed to grow to a multiple of what it holds (docs/operations.md, RENDER_THREAD_HEAP_MB).
 */
function s3Driver(at: S3Location): BlobStore {
  let loaded: Promise<BlobStore> | undefined;
  const s3 = () => (loaded ??= import("./s3-store").then(({ S3BlobStore }) => new S3BlobStore(at)));
  return {
    put: async (key, data, type) => (await s3()).put(key, data, type),
    putStream: async (key, body, type) => (await s3()).putStream(key, body, type),
    get: async (key) => (await s3()).get(key),
    open: async (key) => (await s3()).open(key),
    exists: async (key) => (await s3()).exists(key),
    delete: async (key) => (await s3()).delete(key),
  };
}

function driver(at: BlobLocation): BlobStore {
  return at.kind === "local" ? new LocalBlobStore(at.root) : s3Driver(at);
}

const holder = globalThis as unknown as { __sealpostBlobs?: { config: Env; where: string; store: BlobStore } };

/** The store for this process's configuration (BLOB_URL, else DATA_DIR/blobs); re-created when tests change either. */
export function getBlobStore(): BlobStore {
  const config = env();
  const held = holder.__sealpostBlobs;
  if (held?.config === config) return held.store;
  const at = blobLocation(config);
  const where = JSON.stringify(at);
  // The same place under a re-read environment keeps its store (and the S3 client's connections).
  holder.__sealpostBlobs = { config, where, store: held?.where === where ? held.store : withDeadlines(driver(at)) };
  return holder.__sealpostBlobs.store;
}
