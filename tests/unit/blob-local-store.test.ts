import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { assertBlobKey, getBlobStore } from "@/lib/blob/store";
import { createTempDataDir } from "../support/test-db";

describe("local blob store", () => {
  const data = createTempDataDir();
  beforeAll(() => {
    process.env.DATA_DIR = data.dir;
    resetEnvCache();
  });
  afterAll(() => data.remove());

  it("puts, gets, checks and deletes blobs under DATA_DIR/blobs", async () => {
    const store = getBlobStore();
    const bytes = new TextEncoder().encode("%PDF-1.7 hello");
    expect(await store.exists("batches/b1/records/0.pdf")).toBe(false);
    expect(await store.get("batches/b1/records/0.pdf")).toBeNull();
    await store.put("batches/b1/records/0.pdf", bytes, "application/pdf");
    expect(await store.exists("batches/b1/records/0.pdf")).toBe(true);
    expect(Buffer.from((await store.get("batches/b1/records/0.pdf"))!).toString()).toBe("%PDF-1.7 hello");
    expect(fs.existsSync(path.join(data.dir, "blobs/batches/b1/records/0.pdf"))).toBe(true);

    await store.put("batches/b1/records/0.pdf", new TextEncoder().encode("replaced"));
    expect(Buffer.from((await store.get("batches/b1/records/0.pdf"))!).toString()).toBe("replaced");
    // The atomic write leaves no temporary files behind.
    expect(fs.readdirSync(path.join(data.dir, "blobs/batches/b1/records"))).toEqual(["0.pdf"]);

    await store.delete("batches/b1/records/0.pdf");
    await store.delete("batches/b1/records/0.pdf"); // deleting twice is fine
    expect(await store.exists("batches/b1/records/0.pdf")).toBe(false);
  });

  it("rejects keys that could become paths elsewhere", async () => {
    const store = getBlobStore();
    const bad = [
      "",
      "../etc/passwd",
      "a/../../b",
      "a/..",
      "a..b",
      "/abs",
      "a//b",
      "a/",
      "./a",
      "a/./b",
      "A.pdf",
      "a b",
      "a\\b",
      "a\0b",
      "_a",
      "-a",
      ".hidden",
      "x".repeat(600),
    ];
    for (const key of bad) {
      expect(() => assertBlobKey(key), key).toThrow(/Invalid blob key/);
      await expect(store.put(key, new Uint8Array([1])), key).rejects.toThrow(/Invalid blob key/);
      await expect(store.get(key), key).rejects.toThrow(/Invalid blob key/);
    }
    for (const key of ["a", "receipts/2026/x_1-2.pdf", "0/1/2"]) expect(() => assertBlobKey(key)).not.toThrow();
    expect(fs.readdirSync(data.dir)).not.toContain("etc");
  });

  it("follows DATA_DIR when it changes", async () => {
    const other = createTempDataDir();
    try {
      process.env.DATA_DIR = other.dir;
      resetEnvCache();
      await getBlobStore().put("k", new Uint8Array([7]));
      expect(fs.existsSync(path.join(other.dir, "blobs/k"))).toBe(true);
    } finally {
      process.env.DATA_DIR = data.dir;
      resetEnvCache();
      other.remove();
    }
  });
});
