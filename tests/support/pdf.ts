import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument } from "pdf-lib";
import { readCorrelationId } from "@/lib/pdf/metadata";

export async function readPdf(bytes: ArrayBuffer | Uint8Array) {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const doc = await PDFDocument.load(data, { updateMetadata: false });
  return { pages: doc.getPageCount(), title: doc.getTitle(), correlationId: await readCorrelationId(data) };
}

/** The text of a PDF as poppler's pdftotext reads it (a reader other than the library that wrote it), whitespace collapsed. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPageTexts(bytes)).join(" ");
}

/** The text of each page, whitespace collapsed. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "sealpost-pdf-"));
  try {
    const file = path.join(dir, "document.pdf");
    await writeFile(file, bytes);
    const { stdout } = await promisify(execFile)("pdftotext", ["-layout", file, "-"]);
    // pdftotext ends every page with a form feed.
    return stdout.split("\f").slice(0, -1).map((page) => page.replace(/\s+/g, " ").trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
