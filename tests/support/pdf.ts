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

/** pdftotext's output for a PDF, with extra arguments. */
async function pdftotext(bytes: Uint8Array, args: string[]): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "sealpost-pdf-"));
  try {
    const file = path.join(dir, "document.pdf");
    await writeFile(file, bytes);
    return (await promisify(execFile)("pdftotext", [...args, file, "-"], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of each page, whitespace collapsed. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const stdout = await pdftotext(bytes, ["-layout"]);
  // pdftotext ends every page with a form feed.
  return stdout
    .split("\f")
    .slice(0, -1)
    .map((page) => page.replace(/\s+/g, " ").trim());
}

export interface WordBox {
  page: number;
  pageWidth: number;
  pageHeight: number;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
  text: string;
}

/** Every word with its box on its page, in points from the top left, as pdftotext -bbox reads them. */
export async function pdfWordBoxes(bytes: Uint8Array): Promise<WordBox[]> {
  const html = await pdftotext(bytes, ["-bbox"]);
  const words: WordBox[] = [];
  let page = 0;
  let size = { w: 0, h: 0 };
  for (const m of html.matchAll(
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (m[1]) {
      page++;
      size = { w: Number(m[1]), h: Number(m[2]) };
    } else {
      words.push({
        page,
        pageWidth: size.w,
        pageHeight: size.h,
        xMin: Number(m[3]),
        yMin: Number(m[4]),
        xMax: Number(m[5]),
        yMax: Number(m[6]),
        text: m[7],
      });
    }
  }
  return words;
}
