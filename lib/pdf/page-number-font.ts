import zlib from "node:zlib";
import * as fontkit from "fontkit";
import { type PDFDocument, PDFHexString, PDFRawStream, type PDFRef, PDFString } from "pdf-lib";
import { faceFile } from "./fonts";

/*
 * The font "page n of m" is drawn in, after layout: the documents' own face (Arimo), embedded, as
 * PDF/UA asks of every font. Embedding it with pdf-lib took 2.3 ms a document (parsing the font,
 * subsetting, compressing); the subset of the few characters a page number has is the same for
 * every document, so it is made once a thread and each document gets a copy of its objects.
 */

const CHARACTERS = "page 0123456789of";
/** A subset's name starts with six capitals of its own (ISO 32000-1, 9.6.4). */
const SUBSET_NAME = "SPPAGE+Arimo-Regular";

interface Prepared {
  /** Character → its glyph id in the subset (the CID: Identity-H, CIDToGIDMap Identity). */
  glyphs: Map<string, number>;
  /** Advance widths in thousandths of the size, by glyph id. */
  widths: number[];
  fontFile: { compressed: Buffer; length: number };
  toUnicode: Buffer;
  metrics: { ascent: number; descent: number; capHeight: number; bbox: number[] };
}

let prepared: Prepared | undefined;

/** Makes the subset now (a render thread's warm-up), not in its first document. */
export function preparePageNumberFont(): void {
  prepared ??= prepare();
}

function prepare(): Prepared {
  const font = fontkit.openSync(faceFile("Arimo")) as fontkit.Font;
  const subset = font.createSubset();
  const scale = 1000 / font.unitsPerEm;
  const glyphs = new Map<string, number>();
  const widths = [Math.round(font.getGlyph(0).advanceWidth * scale)];
  for (const ch of new Set(CHARACTERS)) {
    const glyph = font.glyphForCodePoint(ch.codePointAt(0)!);
    // fontkit's types say boolean; it returns the glyph's id in the subset.
    const id = subset.includeGlyph(glyph) as unknown as number;
    glyphs.set(ch, id);
    widths[id] = Math.round(glyph.advanceWidth * scale);
  }
  const ttf = subset.encode();
  const hex = (n: number) => n.toString(16).padStart(4, "0");
  const ranges = [...glyphs].map(([ch, id]) => `<${hex(id)}> <${hex(ch.codePointAt(0)!)}>`);
  const cmap = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def /CMapType 2 def
1 begincodespacerange <0000> <ffff> endcodespacerange
${ranges.length} beginbfchar
${ranges.join("\n")}
endbfchar
endcmap CMapName currentdict /CMap defineresource pop end end`;
  const b = font.bbox;
  return {
    glyphs,
    widths,
    fontFile: { compressed: zlib.deflateSync(ttf), length: ttf.length },
    toUnicode: zlib.deflateSync(cmap),
    metrics: { ascent: font.ascent * scale, descent: font.descent * scale, capHeight: font.capHeight * scale, bbox: [b.minX, b.minY, b.maxX, b.maxY].map((v) => Math.round(v * scale)) },
  };
}

export interface PageNumberFont {
  ref: PDFRef;
  /** The text as the font's codes, for a Tj. */
  encode(text: string): PDFHexString;
  widthOfTextAtSize(text: string, size: number): number;
}

/** Adds the page-number font's objects to a document. */
export function embedPageNumberFont(doc: PDFDocument): PageNumberFont {
  prepared ??= prepare();
  const { glyphs, widths, fontFile, toUnicode, metrics } = prepared;
  const ctx = doc.context;
  const flate = (bytes: Buffer, extra: Record<string, number> = {}) => ctx.register(PDFRawStream.of(ctx.obj({ Filter: "FlateDecode", Length: bytes.length, ...extra }), new Uint8Array(bytes)));
  const descriptor = ctx.register(
    ctx.obj({
      Type: "FontDescriptor",
      FontName: SUBSET_NAME,
      Flags: 32, // non-symbolic
      FontBBox: metrics.bbox,
      ItalicAngle: 0,
      Ascent: Math.round(metrics.ascent),
      Descent: Math.round(metrics.descent),
      CapHeight: Math.round(metrics.capHeight),
      StemV: 80,
      FontFile2: flate(fontFile.compressed, { Length1: fontFile.length }),
    }),
  );
  const cidFont = ctx.register(
    ctx.obj({
      Type: "Font",
      Subtype: "CIDFontType2",
      BaseFont: SUBSET_NAME,
      CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Identity"), Supplement: 0 },
      FontDescriptor: descriptor,
      W: [0, widths],
      CIDToGIDMap: "Identity",
    }),
  );
  const ref = ctx.register(ctx.obj({ Type: "Font", Subtype: "Type0", BaseFont: SUBSET_NAME, Encoding: "Identity-H", DescendantFonts: [cidFont], ToUnicode: flate(toUnicode) }));
  const idOf = (ch: string) => {
    const id = glyphs.get(ch);
    if (id === undefined) throw new Error(`page numbers: no glyph for ${JSON.stringify(ch)}`);
    return id;
  };
  return {
    ref,
    encode: (text) => PDFHexString.of([...text].map((ch) => idOf(ch).toString(16).padStart(4, "0")).join("")),
    widthOfTextAtSize: (text, size) => ([...text].reduce((sum, ch) => sum + widths[idOf(ch)], 0) * size) / 1000,
  };
}
