import { Encodings, Font, FontNames } from "@pdf-lib/standard-fonts";
import { standardFontDraws } from "./fonts";

type StandardFont = FontNames.Helvetica | FontNames.HelveticaBold | FontNames.Courier;

const loaded = new Map<StandardFont, Font>();
const fontOf = (name: StandardFont) => loaded.get(name) ?? loaded.set(name, Font.load(name)).get(name)!;

/** A character's advance in 1/1000 em; one the font cannot encode counts as a full em (standardFontText leaves none). */
function advance(font: Font, codePoint: number): number {
  if (!standardFontDraws(codePoint)) return 1000;
  return font.getWidthOfGlyph(Encodings.WinAnsi.encodeUnicodeCodePoint(codePoint).name) || 1000;
}

const widthOf = (font: Font, text: string) => {
  let width = 0;
  for (const ch of text) width += advance(font, ch.codePointAt(0)!);
  return width;
};

/** The width of one line of text in points. */
export const textWidthPt = (text: string, fontSizePt: number, font: StandardFont = FontNames.Helvetica) => (widthOf(fontOf(font), text) * fontSizePt) / 1000;

/**
 * The text with every character the standard fonts cannot draw written as its code point, ‹U+202E›.
 * react-pdf measures such a character as nothing but pdfkit writes its code as bytes, so it would be
 * drawn as other glyphs, wider than measured, past the margin; in an explain report a bidi override
 * or a lone surrogate in an id is also a finding worth seeing. Line breaks stay, tabs become spaces.
 */
export function standardFontText(text: string): string {
  let out = "";
  for (const ch of text.replace(/\r\n?/g, "\n")) {
    const code = ch.codePointAt(0)!;
    if (ch === "\n" || ch === " ") out += ch;
    else if (ch === "\t") out += " ";
    else if (code < 0x20 || !standardFontDraws(code)) out += `‹U+${code.toString(16).toUpperCase().padStart(4, "0")}›`;
    else out += ch;
  }
  return out;
}

export interface WrapOptions {
  /** Points already taken on the first line by text before this one in the same paragraph (a bold label). */
  firstLineUsedPt?: number;
  font?: StandardFont;
}

/**
 * The text broken into lines that fit a box of `boxWidthPt`, by the font's own metrics: words go on
 * a line while they fit, and a word wider than the box is cut where the box ends, with nothing added.
 * react-pdf is then never asked to break these lines itself. Its Knuth-Plass breaker gives up on a
 * paragraph that needs a line holding a single short word (a line without spaces cannot stretch),
 * and its fallback lets a line run past the box by the width its spaces could shrink, which
 * left-aligned text never does: ids, URLs and hashes ran into the margin. Our documents register no
 * hyphenation (it costs time per word), so there is no hyphen to add either.
 */
export function wrapText(text: string, boxWidthPt: number, fontSizePt: number, options: WrapOptions = {}): string {
  const font = fontOf(options.font ?? FontNames.Helvetica);
  const limit = (boxWidthPt * 1000) / fontSizePt;
  const space = advance(font, 32);
  return text
    .split("\n")
    .map((paragraph, index) => {
      const lines: string[] = [];
      let words: string[] = [];
      let used = index === 0 ? ((options.firstLineUsedPt ?? 0) * 1000) / fontSizePt : 0;
      const endLine = () => {
        lines.push(words.join(" "));
        words = [];
        used = 0;
      };
      for (const word of paragraph.split(" ")) {
        const width = widthOf(font, word);
        const gap = words.length ? space : 0;
        if (used + gap + width <= limit) {
          words.push(word);
          used += gap + width;
          continue;
        }
        if (words.length || used > 0) endLine();
        if (width <= limit) {
          words = [word];
          used = width;
          continue;
        }
        let piece = "";
        for (const ch of word) {
          const w = advance(font, ch.codePointAt(0)!);
          if (used + w > limit && piece) {
            lines.push(piece);
            piece = "";
            used = 0;
          }
          piece += ch;
          used += w;
        }
        words = [piece];
      }
      lines.push(words.join(" "));
      return lines.join("\n");
    })
    .join("\n");
}

export { FontNames };
