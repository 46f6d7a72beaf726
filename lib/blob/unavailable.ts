const UNAVAILABLE = "BlobStoreUnavailable";

/**
 * True for a store call that failed on the store's side (a refused write or read, a full disk, an S3
 * endpoint down or answering 5xx, a call past its deadline): nobody's request was at fault, and the
 * same call may work shortly. Checked by name, not instanceof: the store is shared through globalThis
 * by modules bundled more than once.
 */
export function isBlobStoreUnavailable(err: unknown): boolean {
  return err instanceof Error && err.name === UNAVAILABLE;
}

/** The error a route turns into 503 with Retry-After, keeping the store's own error as its cause. */
export function blobStoreUnavailable(err: unknown): Error {
  if (isBlobStoreUnavailable(err)) return err as Error;
  const message = err instanceof Error ? err.message : String(err);
  return Object.assign(new Error(message, { cause: err }), { name: UNAVAILABLE });
}
