import path from "node:path";
import { env, type Env } from "@/lib/env";
import type { S3Location } from "./s3-location";

export type BlobLocation = { kind: "local"; root: string } | ({ kind: "s3" } & S3Location);

/** The store BLOB_URL names: the folder DATA_DIR/blobs when unset, else an S3 bucket and prefix. */
export function blobLocation(e: Env = env()): BlobLocation {
  if (!e.BLOB_URL) return { kind: "local", root: path.resolve(e.DATA_DIR, "blobs") };
  const url = new URL(e.BLOB_URL);
  const folder = url.pathname.split("/").filter(Boolean).join("/");
  return {
    kind: "s3",
    bucket: url.hostname,
    prefix: folder ? `${folder}/` : "",
    region: e.S3_REGION ?? process.env.AWS_REGION ?? "us-east-1",
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}
