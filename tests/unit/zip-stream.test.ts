import { createHash } from "node:crypto";
import { Unzip, UnzipPassThrough } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipStream } from "@/lib/batch/process/zip-stream";
import { getBlobStore } from "@/lib/blob/store";
import { resetEnvCache } from "@/lib/env";
import { createTempDataDir } from "../support/test-db";

const ENTRY_BYTES = 50_000; // about a one-page notice

/** A document-sized entry whose bytes depend on its index, made when asked for (as the store reads one). */
function entry(i: number): Uint8Array {
  const data = new Uint8Array(ENTRY_BYTES);
  for (let j = 0; j < data.length; j += 997) data[j] = (i * 31 + j) & 0xff;
  return data;
}
const digest = (data: Uint8Array) => createHash("sha1").update(data).digest("hex");

describe("the ZIP bundle stream", () => {
  const data = createTempDataDir();
  beforeAll(() => {
    process.env.DATA_DIR = data.dir;
    resetEnvCache();
  });
  afterAll(() => data.remove());

  it("reads the next document only as the reader takes the bundle: 5,000 documents (250 MB) never sit in memory", async () => {
    let produced = 0;
    let consumed = 0;
    let ahead = 0;
    async function* documents() {
      for (let i = 0; i < 5_000; i++) {
        ahead = Math.max(ahead, produced - consumed);
        produced += ENTRY_BYTES;
        yield { name: `document-${i + 1}.pdf`, data: entry(i) };
      }
    }
    for await (const chunk of zipStream(documents())) consumed += (chunk as Uint8Array).byteLength;
    expect(consumed).toBeGreaterThan(produced);
    // Whole, the bundle would be 250 MB ahead of its reader; streamed, a stream buffer's worth.
    expect(ahead).toBeLessThan(2 * 1024 * 1024);
  });

  it("stores a bundle through the blob store whose every entry reads back intact, in order", async () => {
    const count = 300;
    async function* documents() {
      for (let i = 0; i < count; i++) yield { name: `document-${i + 1}.pdf`, data: entry(i) };
    }
    const size = await getBlobStore().putStream("tenants/acme/batches/b/bundle.zip", zipStream(documents()), "application/zip");
    expect(size).toBeGreaterThan(count * ENTRY_BYTES);

    const seen: Array<{ name: string; sha: string }> = [];
    const unzip = new Unzip((file) => {
      const parts: Uint8Array[] = [];
      file.ondata = (err, chunk, final) => {
        if (err) throw err;
        parts.push(chunk);
        if (final) seen.push({ name: file.name, sha: digest(Buffer.concat(parts)) });
      };
      file.start();
    });
    unzip.register(UnzipPassThrough);
    const opened = (await getBlobStore().open("tenants/acme/batches/b/bundle.zip"))!;
    expect(opened.size).toBe(size);
    for await (const chunk of opened.body) unzip.push(chunk as Uint8Array);
    unzip.push(new Uint8Array(0), true);
    expect(seen).toEqual(Array.from({ length: count }, (_, i) => ({ name: `document-${i + 1}.pdf`, sha: digest(entry(i)) })));
  });
});
