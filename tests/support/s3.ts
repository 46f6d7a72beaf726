import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DeleteObjectCommand, ListObjectsCommand, S3Client } from "@aws-sdk/client-s3";
import { freePort } from "./free-port";

const root = fileURLToPath(new URL("../..", import.meta.url));
const BIN = path.join(root, "node_modules/s3rver/bin/s3rver.js");
export const S3_BUCKET = "sealpost";
/** The folder of the bucket a stack's blobs go under (BLOB_URL's path). */
export const STACK_PREFIX = "sealpost-test";

export interface S3Server {
  endpoint: string;
  /** The variables that point Sealpost at this server, its blobs under `prefix`. */
  env(prefix?: string): Record<string, string>;
  /** Every key in the bucket under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** Deletes one object behind the service's back (key with its prefix). */
  delete(key: string): Promise<void>;
  /** The server's process id while it runs (a bench reads its CPU time). */
  pid(): number | null;
  /** Kills the server as a crash or a network cut would: connections are refused until start(). */
  stop(): Promise<void>;
  /** Listens again on the same port over the same objects. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });

/**
 * A real S3 protocol server on loopback (s3rver, from the npm registry: it checks SigV4 signatures,
 * speaks path-style and multipart uploads, and keeps objects on disk so that a restart loses nothing).
 * It runs as a child process so that stop() can cut it off like a crash.
 */
export async function startS3Server(): Promise<S3Server> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sealpost-s3-"));
  const endpoint = `http://127.0.0.1:${port}`;
  let proc: ChildProcess | null = null;
  let log = "";

  const start = async () => {
    const args = [BIN, "-d", dir, "-a", "127.0.0.1", "-p", String(port), "--silent", "--no-vhost-buckets", "--configure-bucket", S3_BUCKET];
    proc = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    proc.stdout!.on("data", (d) => (log += d));
    proc.stderr!.on("data", (d) => (log += d));
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`s3rver exited (${proc.exitCode}):\n${log}`);
      if (await listening(port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`s3rver did not listen on ${port}:\n${log}`);
  };
  const stop = async () => {
    const p = proc;
    proc = null;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once("exit", () => resolve());
      p.kill("SIGKILL");
    });
  };
  await start();

  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials });
  return {
    endpoint,
    env: (prefix = STACK_PREFIX) => ({
      BLOB_URL: `s3://${S3_BUCKET}${prefix ? `/${prefix}` : ""}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    }),
    async keys(prefix = "") {
      // Version 1 of the listing, paged by Marker: s3rver makes version 2's continuation tokens with DES,
      // which OpenSSL 3 refuses (ERR_OSSL_EVP_UNSUPPORTED): a listing of more than 1,000 keys failed.
      const keys: string[] = [];
      let more = true;
      while (more) {
        const page = await client.send(new ListObjectsCommand({ Bucket: S3_BUCKET, Prefix: prefix, Marker: keys.at(-1) }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        more = !!page.IsTruncated && !!page.Contents?.length;
      }
      return keys.sort();
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: S3_BUCKET, Key: key }));
    },
    pid: () => proc?.pid ?? null,
    stop,
    start,
    async close() {
      await stop();
      client.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
