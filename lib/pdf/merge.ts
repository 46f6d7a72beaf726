import { PDFDocument } from "pdf-lib";
import { stampDocument, type DocumentMeta } from "./metadata";
import { savePdf } from "./save-pdf";

/** Combined mode: every record's PDF, in order, in one document stamped with the batch's correlation id. */
export async function mergePdfs(pdfs: Uint8Array[], meta: DocumentMeta): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const bytes of pdfs) {
    const src = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = await out.copyPages(src, src.getPageIndices());
    pages.forEach((p) => out.addPage(p));
  }
  stampDocument(out, meta);
  // On the jobs' event loop: a pause every 50 objects, as pdf-lib's own save makes.
  return savePdf(out, { objectsPerTick: 50 });
}
