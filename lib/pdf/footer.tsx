import { Text } from "@react-pdf/renderer";
import { beginMarkedContent, beginText, ParseSpeeds, endMarkedContent, endText, moveText, PDFDocument, PDFName, popGraphicsState, pushGraphicsState, rgb, setFillingRgbColor, setFontAndSize, showText, StandardFonts } from "pdf-lib";
import { FOOTER_GREY } from "./footer-grey";
import { stampDocument, type DocumentMeta } from "./metadata";
import { embedPageNumberFont } from "./page-number-font";
import { savePdf } from "./save-pdf";

/*
 * Every page's footer line: a label on the left, laid out by react-pdf, and "page n of m" on the
 * right, drawn afterwards with pdf-lib. A react-pdf `render` footer that knows `totalPages` makes
 * react-pdf lay every page out a second time: about a quarter of the layout time of a one-page
 * notice (measured 56 against 40 ms). The PDF is opened after layout anyway for its metadata.
 */

const SIZE = 7;
export { FOOTER_GREY };
/** Distance from the page's bottom edge to the footer's baseline, in points. */
const BASELINE = 26;
/** react-pdf places a text box by its top: ascent (0.9 em, react-pdf's Helvetica) above the baseline. */
const TOP_FROM_BOTTOM = BASELINE + 0.9 * SIZE;

/** The left half of the footer; `fixed`, so on every page. `margin` is the page's side padding; `tag` marks it for explain traces. */
export function FooterLabel({ text, margin, tag, colour = FOOTER_GREY }: { text: string; margin: number; tag?: Record<string, string>; colour?: string }) {
  return (
    <Text fixed {...tag} style={{ position: "absolute", bottom: TOP_FROM_BOTTOM - SIZE, left: margin, right: margin, fontSize: SIZE, lineHeight: 1, color: colour }}>
      {text}
    </Text>
  );
}

export interface FinishOptions {
  colour?: string;
  /** Pages another step appends later (a sealed record's signature pages), counted in "of m". */
  pagesAfter?: number;
  /** Page numbers in the built-in Helvetica, nothing embedded: for documents laid out in the built-in fonts. */
  builtInFonts?: boolean;
}

/**
 * Numbers the pages ("page n of m", right-aligned at the margin), stamps the metadata and saves. A
 * tagged document laid out in embedded fonts is PDF/UA: its annotations are read in structure
 * order (`/Tabs /S`), and its metadata says it conforms.
 */
export async function finishDocument(laidOut: Uint8Array, meta: DocumentMeta, margin: number, { colour = FOOTER_GREY, pagesAfter = 0, builtInFonts = false }: FinishOptions = {}): Promise<Uint8Array> {
  // pdf-lib's default parse waits a timer tick (about 1 ms, idle) after every 100 objects: a
  // tagged statement waited 1.3 ms. A render thread holds no event loop anyone waits on.
  const doc = await PDFDocument.load(laidOut, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  await numberPages(doc, margin, { total: doc.getPageCount() + pagesAfter, colour, builtInFonts });
  const tagged = doc.catalog.has(PDFName.of("StructTreeRoot"));
  if (tagged) readAnnotationsInStructureOrder(doc);
  stampDocument(doc, meta, { pdfUa: tagged && !builtInFonts });
  return savePdf(doc);
}

/** PDF/UA 7.18.3: a page with annotations (links) gives them in the order of the structure tree. */
export function readAnnotationsInStructureOrder(doc: PDFDocument): void {
  for (const page of doc.getPages()) if (page.node.Annots()) page.node.set(PDFName.of("Tabs"), PDFName.of("S"));
}

/** Draws "page n of total" on every page from index `first` on (default: all of them, total: their count). */
export async function numberPages(doc: PDFDocument, margin: number, opts: { first?: number; total?: number; colour?: string; builtInFonts?: boolean } = {}): Promise<void> {
  const colour = opts.colour ?? FOOTER_GREY;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 0xff);
  const pages = doc.getPages();
  const total = opts.total ?? pages.length;
  const texts = pages.slice(opts.first ?? 0).map((page, i) => ({ page, text: `page ${(opts.first ?? 0) + i + 1} of ${total}` }));
  if (opts.builtInFonts) {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const { page, text } of texts) {
      // A page number is pagination, not content: an artifact in a tagged PDF, passed over by screen readers.
      page.pushOperators(beginMarkedContent("Artifact"));
      page.drawText(text, { x: page.getWidth() - margin - font.widthOfTextAtSize(text, SIZE), y: BASELINE, size: SIZE, font, color: rgb(r, g, b) });
      page.pushOperators(endMarkedContent());
    }
    return;
  }
  const font = embedPageNumberFont(doc);
  for (const { page, text } of texts) {
    const name = page.node.newFontDictionary("PageNumber", font.ref);
    const x = page.getWidth() - margin - font.widthOfTextAtSize(text, SIZE);
    page.pushOperators(
      beginMarkedContent("Artifact"),
      pushGraphicsState(),
      beginText(),
      setFillingRgbColor(r, g, b),
      setFontAndSize(name, SIZE),
      moveText(x, BASELINE),
      showText(font.encode(text)),
      endText(),
      popGraphicsState(),
      endMarkedContent(),
    );
  }
}
