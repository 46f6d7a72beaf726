import { Encodings, Font, FontNames } from "@pdf-lib/standard-fonts";
import { advanceIn, drawable, FONT, standardFontDraws } from "./fonts";

type StandardFont = FontNames.Helvetica | FontNames.HelveticaBold | FontNames.Courier;
/** The font stack whose first face has the standard font's widths (Arimo, Cousine). */
const STACK = { [FontNames.Helvetica]: FONT.regular, [FontNames.HelveticaBold]: FONT.bold, [FontNames.Courier]: FONT.mono } as Record<
  StandardFont,
  string[]
>;

const loaded = new Map<StandardFont, Font>();
const fontOf = (name: StandardFont) => loaded.get(name) ?? loaded.set(name, Font.load(name)).get(name)!;

/**
 * A character's advance in 1/1000 em: Windows-1252 by the standard font's metrics (the widths of
 * Arimo and Cousine), any other by the font of the stack that draws it, at least a full em: the
 * measure leaves out shaping (Arabic letters joined), so it errs on the wide side.
 */
function advance(font: Font, stack: readonly string[], codePoint: number): number {
  if (!standardFontDraws(codePoint)) return Math.max(1000, advanceIn(stack, codePoint));
  return font.getWidthOfGlyph(Encodings.WinAnsi.encodeUnicodeCodePoint(codePoint).name) || 1000;
}

const widthOf = (font: Font, stack: readonly string[], text: string) => {
  let width = 0;
  for (const ch of text) width += advance(font, stack, ch.codePointAt(0)!);
  return width;
};

/** The width of one line of text in points. */
export const textWidthPt = (text: string, fontSizePt: number, font: StandardFont = FontNames.Helvetica) =>
  (widthOf(fontOf(font), STACK[font], text) * fontSizePt) / 1000;

/**
 * The text with every character the document fonts cannot draw, and every one that draws nothing
 * (controls, bidi overrides, lone surrogates, joiners), written as its code point, ‹U+202E›: react-pdf
 * would draw it as a missing glyph or as nothing, and in an explain report a bidi override or a
 * lone surrogate in an id is a finding worth seeing. Names in any script the fonts have stay as
 * written. Line breaks stay, tabs become spaces.
 */
export function visibleText(text: string): string {
  let out = "";
  for (const ch of text.replace(/\r\n?/g, "\n")) {
    const code = ch.codePointAt(0)!;
    if (ch === "\n" || ch === " ") out += ch;
    else if (ch === "\t") out += " ";
    else if (code >= 0x20 && (standardFontDraws(code) || (!/\p{C}/u.test(ch) && drawable(ch) === ch))) out += ch;
    else out += `‹U+${code.toString(16).toUpperCase().padStart(4, "0")}›`;
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
  const stack = STACK[options.font ?? FontNames.Helvetica];
  const limit = (boxWidthPt * 1000) / fontSizePt;
  const space = advance(font, stack, 32);
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
        const width = widthOf(font, stack, word);
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
          const w = advance(font, stack, ch.codePointAt(0)!);
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
