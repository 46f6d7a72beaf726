import { type PDFDocument, PDFStreamWriter } from "pdf-lib";

/*
 * pdf-lib's `save` packs objects into compressed object streams of 50 each, so every 50 objects
 * start a new deflate dictionary. A tagged PDF has an object per structure element, hundreds in a
 * long document: in one stream they share one dictionary and compress smaller.
 */
const OBJECTS_PER_STREAM = 10_000;

/**
 * Saves a document as `doc.save({ updateFieldAppearances: false })` does, with one object stream.
 * pdf-lib waits a timer tick, doing nothing, after every `objectsPerTick` objects, so as not to hold
 * an event loop: idle time in every document at pdf-lib's 50. A render thread holds no loop anyone
 * waits on; a combined batch's merge, on the jobs' loop, does.
 */
export async function savePdf(doc: PDFDocument, { objectsPerTick = Infinity }: { objectsPerTick?: number } = {}): Promise<Uint8Array> {
  if (doc.getPageCount() === 0) doc.addPage();
  await doc.flush();
  return PDFStreamWriter.forContext(doc.context, objectsPerTick, true, OBJECTS_PER_STREAM).serializeToBuffer();
}
