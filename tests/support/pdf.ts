import { PDFDocument } from "pdf-lib";
import { readCorrelationId } from "@/lib/pdf/metadata";

export async function readPdf(bytes: ArrayBuffer | Uint8Array) {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const doc = await PDFDocument.load(data, { updateMetadata: false });
  return { pages: doc.getPageCount(), title: doc.getTitle(), correlationId: await readCorrelationId(data) };
}
