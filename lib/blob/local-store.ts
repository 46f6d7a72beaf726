import { randomBytes } from "node:crypto";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isMainThread } from "node:worker_threads";
import { assertBlobKey } from "./keys";
import type { BlobStore, OpenedBlob } from "./blob-store";

/**
 * Blobs as files under one folder. A write goes to a temporary file that is renamed into place, so a
 * reader (or a crash) never sees half a file. The content type is not kept: keys carry the extension
 * and callers know what they stored.
 */
export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertBlobKey(key);
    const file = path.join(this.root, ...key.split("/"));
    // Belt and braces: the key check already rules out leaving the root.
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Blob key ${key} leaves the store`);
    return file;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const file = this.file(key);
    const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    // A render thread writes the PDF it has just laid out: waiting there blocks no request, and five
    // calls through libuv's thread pool (mkdir, open, write, close, rename) cost more CPU than the
    // write itself. The event loop's thread never waits on the disk.
    if (!isMainThread) return putSync(file, tmp, data);
    await fs.mkdir(path.dirname(file), { recursive: true });
    try {
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  async putStream(key: string, body: Readable): Promise<number> {
    const file = this.file(key);
    const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    await fs.mkdir(path.dirname(file), { recursive: true });
    try {
      await pipeline(body, fsSync.createWriteStream(tmp));
      const { size } = await fs.stat(tmp);
      await fs.rename(tmp, file);
      return size;
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  async open(key: string): Promise<OpenedBlob | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.file(key), "r");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
    // Size and stream from one open file: a blob replaced meanwhile (rename) cannot mix the two.
    const { size } = await handle.stat().catch(async (err: unknown) => {
      await handle.close();
      throw err;
    });
    return { body: handle.createReadStream(), size };
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const buf = await fs.readFile(this.file(key));
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.file(key))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }
}

function putSync(file: string, tmp: string, data: Uint8Array): void {
  fsSync.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fsSync.writeFileSync(tmp, data);
    fsSync.renameSync(tmp, file);
  } catch (err) {
    fsSync.rmSync(tmp, { force: true });
    throw err;
  }
}
