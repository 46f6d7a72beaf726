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
