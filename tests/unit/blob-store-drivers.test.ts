import { createHash } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantFolder } from "@/lib/blob/keys";
import { assertBlobKey, getBlobStore, isBlobStoreUnavailable, type BlobStore } from "@/lib/blob/store";
import { resetEnvCache } from "@/lib/env";
import { startS3Server, type S3Server } from "../support/s3";
import { createTempDataDir } from "../support/test-db";

const S3_VARS = ["BLOB_URL", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"];
const text = (bytes: Uint8Array | null) => (bytes ? Buffer.from(bytes).toString() : null);
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Deterministic bytes, different in every chunk, so that a reordered or dropped part shows. */
function bytesOf(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4) out.writeUInt32LE(Math.imul(i + seed, 2654435761) >>> 0, Math.min(i, size - 4));
  return out;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

// The same behaviour from both drivers: the folder under DATA_DIR and a real S3 server on loopback.
describe.each(["local", "s3"] as const)("blob store contract (%s)", (driver) => {
  const data = createTempDataDir();
  let s3: S3Server | null = null;
  let store: BlobStore;

  beforeAll(async () => {
    process.env.DATA_DIR = data.dir;
    if (driver === "s3") {
      s3 = await startS3Server();
      Object.assign(process.env, s3.env());
    }
    resetEnvCache();
    store = getBlobStore();
  }, 60_000);
  afterAll(async () => {
    for (const name of S3_VARS) delete process.env[name];
    resetEnvCache();
    await s3?.close();
    data.remove();
  });

  it("puts, reads, streams, checks and deletes a blob", async () => {
    const key = "batches/b1/records/0.pdf";
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    expect(await store.open(key)).toBeNull();
    await store.put(key, new TextEncoder().encode("%PDF-1.7 first"), "application/pdf");
    expect(await store.exists(key)).toBe(true);
    expect(text(await store.get(key))).toBe("%PDF-1.7 first");
    await store.put(key, new TextEncoder().encode("%PDF-1.7 second"), "application/pdf");
    const opened = (await store.open(key))!;
    expect(opened.size).toBe(15);
    expect((await readAll(opened.body)).toString()).toBe("%PDF-1.7 second");
    await store.delete(key);
    await store.delete(key); // deleting twice is fine
    expect(await store.exists(key)).toBe(false);
    if (s3) expect(await s3.keys()).toEqual([]);
  });

  it.skipIf(driver !== "s3")("keeps the S3 objects under BLOB_URL's prefix", async () => {
    await store.put("receipts/r1.pdf", new Uint8Array([1, 2, 3]));
    expect(await s3!.keys()).toEqual(["sealpost-test/receipts/r1.pdf"]);
    await store.delete("receipts/r1.pdf");
  });

  it("streams a 17 MB blob in and out in three parts, byte for byte", async () => {
    const parts = [bytesOf(6_000_000, 1), bytesOf(6_000_000, 2), bytesOf(5_000_001, 3)];
    const size = await store.putStream("batches/b2/bundle.zip", Readable.from(parts), "application/zip");
    expect(size).toBe(17_000_001);
    const opened = (await store.open("batches/b2/bundle.zip"))!;
    expect(opened.size).toBe(size);
    expect(sha(await readAll(opened.body))).toBe(sha(Buffer.concat(parts)));
    await store.delete("batches/b2/bundle.zip");
  });

  it("shows a streamed blob to readers only once all of it is stored", async () => {
    const key = "batches/b3/bundle.zip";
    await store.put(key, new TextEncoder().encode("old bundle"));
    const source = new PassThrough();
    const writing = store.putStream(key, source);
    source.write(bytesOf(6_000_000, 4));
    await new Promise((r) => setTimeout(r, 300));
    // Mid-write, readers still get the whole previous blob.
    expect(text(await store.get(key))).toBe("old bundle");
    source.end(bytesOf(1_000, 5));
    expect(await writing).toBe(6_001_000);
    expect((await store.get(key))!.byteLength).toBe(6_001_000);
    await store.delete(key);
  });

  it("leaves nothing behind when the source of a streamed write fails", async () => {
    const key = "batches/b4/bundle.zip";
    const source = new PassThrough();
    const writing = store.putStream(key, source);
    source.write(bytesOf(6_000_000, 6));
    setTimeout(() => source.destroy(new Error("a record could not be read")), 200);
    await expect(writing).rejects.toThrow();
    expect(await store.exists(key)).toBe(false);
    if (s3) expect(await s3.keys()).toEqual([]);
  });

  it("round-trips any valid key and refuses every invalid one before touching the store", async () => {
    const segment = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,11}(\.[a-z0-9]{1,4})?$/);
    // Each run under a folder of its own: the local folder keeps an emptied key's folders, so a later
    // run's key equal to such a folder ("y" after "y/z") would meet a directory. The service never
    // makes a key that is another key's folder.
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.uint8Array({ maxLength: 64 }), async (segments, bytes) => {
        const key = [`run${run++}`, ...segments].join("/");
        await store.put(key, bytes);
        expect(Buffer.from((await store.get(key))!).equals(Buffer.from(bytes))).toBe(true);
        await store.delete(key);
      }),
      { numRuns: 15 },
    );
    const hostile = fc.oneof(
      fc.string().filter((k) => !/^[a-z0-9][a-z0-9/_.-]*$/.test(k)),
      fc.array(segment, { maxLength: 3 }).map((s) => [...s, "..", ...s].join("/")),
      fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join("//")),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (key) => {
        fc.pre(
          (() => {
            try {
              assertBlobKey(key);
              return false;
            } catch {
              return true;
            }
          })(),
        );
        await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow(/Invalid blob key/);
        await expect(store.open(key)).rejects.toThrow(/Invalid blob key/);
      }),
      { numRuns: 100 },
    );
    if (s3) expect(await s3.keys()).toEqual([]);
  });

  it.skipIf(driver !== "s3")("answers BlobStoreUnavailable while the S3 server is down, and works again after", async () => {
    const server = s3!;
    await store.put("receipts/r2.pdf", new Uint8Array([9]));
    await server.stop();
    try {
      for (const call of [
        () => store.get("receipts/r2.pdf"),
        () => store.put("receipts/r3.pdf", new Uint8Array([1])),
        () => store.exists("receipts/r2.pdf"),
        () => store.putStream("receipts/r4.zip", Readable.from([Buffer.from("x")])),
      ]) {
        const err = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(isBlobStoreUnavailable(err), String(err)).toBe(true);
      }
    } finally {
      await server.start();
    }
    expect(Array.from((await store.get("receipts/r2.pdf"))!)).toEqual([9]);
    expect(await server.keys()).toEqual(["sealpost-test/receipts/r2.pdf"]);
    await store.delete("receipts/r2.pdf");
  });
});

describe("tenant folders", () => {
  const tenantId = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,40}$/);

  it("gives every valid tenant id a folder of its own that blob keys accept", () => {
    fc.assert(
      fc.property(tenantId, tenantId, (a, b) => {
        expect(() => assertBlobKey(`${tenantFolder(a)}/receipts/r.pdf`)).not.toThrow();
        expect(tenantFolder(a) === tenantFolder(b)).toBe(a === b);
      }),
      { numRuns: 2000 },
    );
    // Ids that differ only in case or in a character keys cannot hold stay apart.
    expect(new Set(["acme", "Acme", "ACME", "a.b", "a_b", "a:b", "a-b", "a_2eb"].map(tenantFolder)).size).toBe(8);
    expect(tenantFolder("acme")).toBe("tenants/acme");
  });
});
