/**
 * The text of a signature's appearance, drawn glyph by glyph into its form XObject: react-pdf lays
 * a document's text out (bidi order, shaping, font per character), the appearance does it here.
 */
import fs from "node:fs";
import type { PDF, PdfDict as PdfDictType } from "@libpdf/core";
import { PdfDict } from "@libpdf/core";
import { drawable, familyFile, FONT, fontRuns, shapingFontOf } from "@/lib/pdf/fonts";
import { letterOf, shapeRightToLeft, type ShapedGlyph } from "@/lib/pdf/right-to-left-run";

/** A font stack the appearance writes text in: how a line is shown (from the pen, left to right), and its width. */
export interface Face {
  show(text: string, size: number): string;
  width(text: string, size: number): number;
}

const fontBytes = new Map<string, Uint8Array>();
const readFont = (file: string) => {
  if (!fontBytes.has(file)) fontBytes.set(file, new Uint8Array(fs.readFileSync(file)));
  return fontBytes.get(file)!;
};

/** A character of a right-to-left script, its vowel marks included (Script_Extensions: an Arabic shadda is "inherited"). */
const RTL = String.raw`[\p{Script_Extensions=Hebrew}\p{Script_Extensions=Arabic}\p{Script_Extensions=Syriac}\p{Script_Extensions=Thaana}\p{Script_Extensions=Nko}]`;
/** Each run of right-to-left words, with the spaces between them. */
const RTL_RUN = new RegExp(`${RTL}(?:[${RTL.slice(1, -1)}\\s]*${RTL})?`, "gu");
/** A letter or digit not of a right-to-left script: what stays left to right in a right-to-left line. */
const LTR = String.raw`(?:(?!${RTL})[\p{L}\p{N}])`;
/** Each run of left-to-right words and numbers, with what stands between them short of a right-to-left letter. */
const LTR_RUN = new RegExp(`${LTR}(?:(?:(?!${RTL}).)*${LTR})?`, "gu");

/** A piece of a line in one direction. */
interface Segment {
  text: string;
  rtl: boolean;
}

/** The line cut at each run `runs` matches (those are `rtl` when `matched` is), in the line's order. */
function cut(line: string, runs: RegExp, matched: boolean): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const m of line.matchAll(runs)) {
    segments.push({ text: line.slice(at, m.index), rtl: !matched }, { text: m[0], rtl: matched });
    at = m.index + m[0].length;
  }
  segments.push({ text: line.slice(at), rtl: !matched });
  return segments.filter((s) => s.text);
}

/**
 * A line's pieces in the order they are drawn, left to right, as the bidi algorithm places them in
 * a paragraph of direction `dir`: left to right (an English box), a run of right-to-left words
 * stands in its place (a name in Arabic); right to left (an Arabic or Hebrew box), the pieces follow
 * each other from the right, numbers and Latin words (an e-mail address, a time) read left to right
 * within, and the spaces and punctuation between pieces go with the line's direction.
 */
export const visualSegments = (line: string, dir: "ltr" | "rtl"): Segment[] =>
  dir === "ltr" ? cut(line, RTL_RUN, true) : cut(line, LTR_RUN, false).reverse();

type EmbeddedFont = ReturnType<PDF["embedFont"]>;
/** A run of a line in one family, its glyphs in the order they are drawn. */
interface DrawnRun {
  family: string;
  glyphs: ShapedGlyph[];
}

/** The glyphs of left-to-right text: each character as the font draws it alone, its advance the embedded font's. */
const glyphsOf = (font: EmbeddedFont, text: string): ShapedGlyph[] =>
  [...text].map((char) => ({ char, advance: font.getWidth(char.codePointAt(0)!), dx: 0, dy: 0 }));

/** 1/1000 em as a TJ adjustment: a positive number moves the pen back. */
const adjustment = (n: number) => (Math.abs(n) < 0.005 ? "" : ` ${n.toFixed(2)}`);

/**
 * The operators that draw a run's glyphs (Identity-H: each glyph is its id, two bytes): one Tj where
 * every glyph takes its own advance, else a TJ whose adjustments place each glyph as its shaping
 * says (a vowel mark moved over its letter, raised or lowered with Ts).
 */
function glyphOps(font: EmbeddedFont, glyphs: ShapedGlyph[], size: number): string {
  const hex = (char: string) =>
    font
      .encodeTextToGids(char)
      .map((g) => g.toString(16).padStart(4, "0"))
      .join("");
  const width = (g: ShapedGlyph) => font.getWidth(g.char.codePointAt(0)!);
  if (glyphs.every((g) => !g.dx && !g.dy && Math.abs(g.advance - width(g)) < 0.005))
    return `<${glyphs.map((g) => hex(g.char)).join("")}> Tj`;
  const ops: string[] = [];
  let pending: string[] = [];
  const flush = () => {
    if (pending.length) ops.push(`[${pending.join("")}] TJ`);
    pending = [];
  };
  for (const g of glyphs) {
    // Drawn dx right of the pen; the pen then moves on by the shaped advance, not the font's width.
    const parts = `${adjustment(-g.dx)} <${hex(g.char)}>${adjustment(width(g) - g.advance + g.dx)}`;
    if (!g.dy) {
      pending.push(parts);
      continue;
    }
    flush();
    ops.push(`${((g.dy * size) / 1000).toFixed(2)} Ts [${parts}] TJ 0 Ts`);
  }
  flush();
  return ops.join(" ");
}

/**
 * The regular and oblique faces of one appearance, in a paragraph of direction `dir` (the signer's
 * language's): the sealed record's own font stacks (lib/pdf/fonts.ts: Arimo, DejaVu Sans, Noto Sans
 * CJK, Noto Emoji), each line cut into runs by the font that draws each character, as react-pdf cuts
 * a document's text, placed in bidi order (visualSegments), each right-to-left run shaped by the font
 * that draws it (right-to-left-run.ts: Arabic letters joined). Each font used is embedded as a subset
 * of the glyphs used (PDF/UA wants every font embedded, an annotation's too); a character none of
 * them has is U+FFFD, visibly missing.
 */
export function appearanceFaces(pdf: PDF, resources: PdfDictType, dir: "ltr" | "rtl"): { regular: Face; oblique: Face } {
  const fonts = PdfDict.of({});
  resources.set("Font", fonts);
  const embedded = new Map<string, { resource: string; font: EmbeddedFont }>();
  const fontFor = (family: string) => {
    if (!embedded.has(family)) {
      const font = pdf.embedFont(readFont(familyFile(family)));
      // The text map (ToUnicode) names each glyph by the character it was encoded from: a joined
      // Arabic form by its letter instead, so that copying or searching the box finds the name as written.
      const byGlyph = font.getGidToCodePointMap.bind(font);
      font.getGidToCodePointMap = () => new Map([...byGlyph()].map(([gid, code]) => [gid, letterOf(code)]));
      const entry = { resource: `F${embedded.size + 1}`, font };
      fonts.set(entry.resource, entry.font.ref);
      embedded.set(family, entry);
    }
    return embedded.get(family)!;
  };
  const drawnRuns = (line: string, stack: readonly string[]): DrawnRun[] =>
    visualSegments(drawable(line), dir).flatMap(({ text, rtl }) =>
      rtl
        ? fontRuns(text, stack)
            .reverse()
            .map(({ family, text: run }) => ({ family, glyphs: shapeRightToLeft(shapingFontOf(family), run) }))
        : fontRuns(text, stack).map(({ family, text: run }) => ({ family, glyphs: glyphsOf(fontFor(family).font, run) })),
    );
  const face = (stack: readonly string[]): Face => ({
    // Tj and TJ move the pen on by the run's width, so the runs follow each other.
    show: (text, size) =>
      drawnRuns(text, stack)
        .map(({ family, glyphs }) => {
          const { resource, font } = fontFor(family);
          return `/${resource} ${size.toFixed(2)} Tf ${glyphOps(font, glyphs, size)}`;
        })
        .join(" "),
    width: (text, size) =>
      (drawnRuns(text, stack).reduce((w, { glyphs }) => w + glyphs.reduce((sum, g) => sum + g.advance, 0), 0) / 1000) * size,
  });
  return { regular: face(FONT.regular), oblique: face(FONT.italic) };
}
