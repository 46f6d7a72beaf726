import { Readable } from "node:stream";
import { Zip, ZipPassThrough } from "fflate";

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/**
 * A ZIP of the entries as a stream, built as it is read: one entry is in memory at a time, however
 * many there are. Entries are stored, not deflated: PDFs are already compressed, and deflating them
 * again burns CPU for little gain. (fflate writes no ZIP64: a bundle stays under 4 GB and 65,535 files.)
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  async function* chunks() {
    const ready: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((err, chunk) => {
      if (err) failure = err;
      else ready.push(chunk);
    });
    const flush = function* () {
      if (failure) throw failure;
      yield* ready.splice(0);
    };
    for await (const entry of entries) {
      const file = new ZipPassThrough(entry.name);
      zip.add(file);
      file.push(entry.data, true);
      yield* flush();
    }
    zip.end();
    yield* flush();
  }
  return Readable.from(chunks(), { objectMode: false });
}
