import { execFile } from "node:child_process";
import pLimit from "p-limit";
import { PDFDocument } from "pdf-lib";
import { DeadlineExceeded } from "@/lib/deadline";

/**
 * Pictures of a PDF's pages, for pages that show a document to a person: a browser's built-in PDF
 * viewer is missing on phones and in headless browsers, so the page shows images made by the server
 * (poppler's pdftoppm) beside the download link.
 */

/** Pages shown as pictures; a longer document says so and the download has the rest. */
export const PREVIEW_PAGE_CAP = 20;
/** Pixels across each picture: about 150 dpi for an A4 page, sharp on a phone and a high-density screen. */
export const PREVIEW_WIDTH = 1240;
/** pdftoppm is killed after this long: a page that takes longer is not shown rather than holding the request. */
export const PREVIEW_DEADLINE_MS = 10_000;
const MAX_IMAGE_BYTES = 16 * 1024 * 1024;
// Each render is a process of its own; two at a time per server keeps a 20-page view from taking every core.
const renders = pLimit(2);

let available: Promise<boolean> | undefined;

/**
 * Whether pdftoppm (poppler-utils) runs on this machine, asked once per process: `npm run dev` needs
 * nothing but Node.js, so without poppler a page offers the download alone instead of broken pictures.
 */
export function canRenderPageImages(): Promise<boolean> {
  available ??= new Promise((resolve) => execFile("pdftoppm", ["-v"], { timeout: 5_000 }, (err) => resolve(!err)));
  return available;
}

export interface PreviewPage {
  number: number;
  width: number;
  height: number;
}

/** The pages to show (at most PREVIEW_PAGE_CAP), each with its picture's size, and how many the PDF has. */
export async function previewPages(pdf: Uint8Array): Promise<{ pages: PreviewPage[]; total: number }> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
  const all = doc.getPages();
  const pages = all.slice(0, PREVIEW_PAGE_CAP).map((page, i) => {
    const { width, height } = page.getSize();
    const turned = page.getRotation().angle % 180 !== 0;
    const [w, h] = turned ? [height, width] : [width, height];
    return { number: i + 1, width: PREVIEW_WIDTH, height: Math.round((PREVIEW_WIDTH * h) / w) };
  });
  return { pages, total: all.length };
}

/** One page (1-based) as a PNG, rendered from the PDF's bytes on standard input: nothing is written to disk. */
export function renderPageImage(pdf: Uint8Array, page: number, deadlineMs = PREVIEW_DEADLINE_MS): Promise<Buffer> {
  const args = [
    "-png",
    "-f",
    String(page),
    "-l",
    String(page),
    "-singlefile",
    "-scale-to-x",
    String(PREVIEW_WIDTH),
    "-scale-to-y",
    "-1",
    "-",
  ];
  return renders(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        const child = execFile(
          "pdftoppm",
          args,
          { encoding: "buffer", maxBuffer: MAX_IMAGE_BYTES, timeout: deadlineMs, killSignal: "SIGKILL" },
          (err, stdout) => {
            if (err) reject(err.killed ? new DeadlineExceeded(`pdftoppm (page ${page})`, deadlineMs) : err);
            else if (stdout.length === 0) reject(new Error(`pdftoppm made no image of page ${page}`));
            else resolve(stdout);
          },
        );
        // pdftoppm may exit before reading all of its input (a bad PDF); the callback reports that.
        child.stdin?.on("error", () => {});
        child.stdin?.end(pdf);
      }),
  );
}
