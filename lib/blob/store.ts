import path from "node:path";
import { withDeadline } from "@/lib/deadline";
import { env } from "@/lib/env";
import type { BlobStore } from "./blob-store";
import { LocalBlobStore } from "./local-store";

export { assertBlobKey } from "./keys";
export type { BlobStore } from "./blob-store";

/** A blob call not done in this time fails (and its job is retried) instead of holding a loop for ever. */
const BLOB_DEADLINE_MS = 30_000;

const UNAVAILABLE = "BlobStoreUnavailable";

/**
 * True for a store call that failed on the store's side (a refused write or read, a full disk, a call
 * past its deadline): nobody's request was at fault, and the same call may work shortly. Checked by
 * name, not instanceof: the store is shared through globalThis by modules bundled more than once.
 */
export function isBlobStoreUnavailable(err: unknown): boolean {
  return err instanceof Error && err.name === UNAVAILABLE;
}

/** System errors (an errno code, or the deadline's ETIMEDOUT) become BlobStoreUnavailable; a bad key stays the bug it is. */
function asUnavailable(err: unknown): unknown {
  if (!(err instanceof Error) || typeof (err as NodeJS.ErrnoException).code !== "string") return err;
  return Object.assign(new Error(err.message, { cause: err }), { name: UNAVAILABLE });
}

function withDeadlines(store: BlobStore): BlobStore {
  const within = <T>(work: Promise<T>, what: string, key: string) =>
    withDeadline(work, BLOB_DEADLINE_MS, `blob store ${what} of ${key}`).catch((err: unknown) => {
      throw asUnavailable(err);
    });
  return {
    put: (key, data, type) => within(store.put(key, data, type), "put", key),
    get: (key) => within(store.get(key), "get", key),
    exists: (key) => within(store.exists(key), "exists", key),
    delete: (key) => within(store.delete(key), "delete", key),
  };
}

const holder = globalThis as unknown as { __sealpostBlobs?: { root: string; store: BlobStore } };

/** The store for this process's configuration (DATA_DIR/blobs); re-created when tests change DATA_DIR. */
export function getBlobStore(): BlobStore {
  const root = path.resolve(env().DATA_DIR, "blobs");
  if (holder.__sealpostBlobs?.root !== root) holder.__sealpostBlobs = { root, store: withDeadlines(new LocalBlobStore(root)) };
  return holder.__sealpostBlobs.store;
}
