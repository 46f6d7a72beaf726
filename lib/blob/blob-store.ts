/**
 * Where PDFs, receipts, bundles and traces live. Keys are made by the service (never from request
 * data) and checked by assertBlobKey, so a driver may map them onto paths or object names directly.
 * The local folder is the only driver for now; an S3-compatible one implements the same four calls.
 */
export interface BlobStore {
  put(key: string, data: Uint8Array, contentType?: string): Promise<void>;
  /** null when there is no such blob. */
  get(key: string): Promise<Uint8Array | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing blob is not an error. */
  delete(key: string): Promise<void>;
}
