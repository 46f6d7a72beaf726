import net from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Location } from "@/lib/blob/s3-location";
import { S3BlobStore } from "@/lib/blob/s3-store";
import { isBlobStoreUnavailable } from "@/lib/blob/unavailable";
import { S3_BUCKET, startS3Server, type S3Server } from "../support/s3";
import { startS3Proxy } from "../support/s3-proxy";

const failure = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (err: unknown) => err as Error,
  );

describe("S3 driver against a store that fails", () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  }, 60_000);
  afterAll(() => s3.close());

  const at = (endpoint: string, bucket = S3_BUCKET): S3Location => ({
    bucket,
    prefix: "faults/",
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });

  it("gives up on a store that takes connections and never answers, as unavailable, after three tries, leaving no socket open", async () => {
    const sockets: net.Socket[] = [];
    let closed = 0;
    // Reads what it is sent (so that it sees the client hang up) and never answers.
    const silent = net.createServer((socket) => {
      sockets.push(socket);
      socket.on("close", () => closed++).resume();
    });
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const store = new S3BlobStore(at(`http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`), { idleMs: 300 });
    try {
      const calls = [
        () => store.put("docs/a.pdf", new Uint8Array([1])),
        () => store.get("docs/a.pdf"),
        () => store.exists("docs/a.pdf"),
        () => store.delete("docs/a.pdf"),
      ];
      for (const call of calls) {
        const err = await failure(call());
        expect(isBlobStoreUnavailable(err), String(err)).toBe(true);
        expect(err!.message).toMatch(/no answer within 300 ms/);
      }
      expect(sockets).toHaveLength(3 * calls.length);
      const streamed = await failure(store.putStream("docs/b.zip", Readable.from([Buffer.from("zip")])));
      expect(isBlobStoreUnavailable(streamed), String(streamed)).toBe(true);
      // Every connection the client opened, it closed: a hung store does not pile up sockets.
      await expect.poll(() => closed, { timeout: 2_000 }).toBe(sockets.length);
    } finally {
      sockets.forEach((s) => s.destroy());
      silent.close();
    }
  });

  it("tries again on 503 SlowDown and stores the blob once when the store recovers within three tries", async () => {
    const proxy = await startS3Proxy(s3.endpoint);
    const store = new S3BlobStore(at(proxy.endpoint));
    try {
      proxy.failNext(2, 503, "SlowDown");
      await store.put("docs/slow.pdf", new Uint8Array([7, 7]));
      expect(proxy.seen()).toBe(3);
      expect(Array.from((await store.get("docs/slow.pdf"))!)).toEqual([7, 7]);

      proxy.failNext(3, 503, "SlowDown");
      const err = await failure(store.put("docs/never.pdf", new Uint8Array([1])));
      expect(isBlobStoreUnavailable(err), String(err)).toBe(true);
      expect(err!.message).toMatch(/503 SlowDown/);
      expect(proxy.seen()).toBe(3);
      expect(await s3.keys("faults/")).toEqual(["faults/docs/slow.pdf"]);
    } finally {
      await proxy.close();
    }
  });

  it("does not try again on 403 AccessDenied, and names the code", async () => {
    const proxy = await startS3Proxy(s3.endpoint);
    const store = new S3BlobStore(at(proxy.endpoint));
    try {
      proxy.failNext(1, 403, "AccessDenied");
      const err = await failure(store.get("docs/slow.pdf"));
      expect(isBlobStoreUnavailable(err), String(err)).toBe(true);
      expect(err!.message).toMatch(/403 AccessDenied/);
      expect(proxy.seen()).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it("tells a missing bucket (unavailable) from a missing blob (null) on a read", async () => {
    const wrongBucket = new S3BlobStore(at(s3.endpoint, "no-such-bucket"));
    const err = await failure(wrongBucket.open("health/probe"));
    expect(isBlobStoreUnavailable(err), String(err)).toBe(true);
    expect(err!.message).toMatch(/NoSuchBucket/);
    expect(await new S3BlobStore(at(s3.endpoint)).open("health/probe")).toBeNull();
  });
});
