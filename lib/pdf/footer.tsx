import { Text } from "@react-pdf/renderer";
import * as fontkit from "fontkit";
import { FOOTER_GREY } from "./footer-grey";
import { paragraphStyle, type Direction } from "./direction";
import { faceFile, FACES, standardFontDraws } from "./fonts";

/*
 * Every page's footer line: a label on the left, laid out by react-pdf, and "page n of m" (in the
 * document's language where it gives the words) on the right, drawn by Sealpost's patch of react-pdf's render step once the page count is known
 * (patches/@react-pdf+render+4.7.0.patch, `numberPage`). A react-pdf `render` footer that knows
 * `totalPages` makes react-pdf lay every page out a second time, a large part of a one-page notice's
 * layout.
 */

const SIZE = 7;
export { FOOTER_GREY };
/** Distance from the page's bottom edge to the footer's baseline, in points. */
const BASELINE = 26;
/** react-pdf places a text box by its top: ascent (0.9 em, react-pdf's Helvetica) above the baseline. */
const TOP_FROM_BOTTOM = BASELINE + 0.9 * SIZE;

/**
 * The left half of the footer; `fixed`, so on every page. `margin` is the page's side padding; `tag`
 * marks it for explain traces. Right to left (`dir`), its words read from the right and it stays on
 * the left: the page numbers hold the right.
 */
export function FooterLabel({
  text,
  margin,
  tag,
  colour = FOOTER_GREY,
  dir = "ltr",
}: {
  text: string;
  margin: number;
  tag?: Record<string, string>;
  colour?: string;
  dir?: Direction;
}) {
  return (
    <Text
      fixed
      {...tag}
      style={{
        position: "absolute",
        bottom: TOP_FROM_BOTTOM - SIZE,
        left: margin,
        right: margin,
        fontSize: SIZE,
        lineHeight: 1,
        color: colour,
        ...paragraphStyle(dir, text),
        textAlign: "left",
      }}
    >
      {text}
    </Text>
  );
}

export interface PageNumberOptions {
  /** The page's side padding: "page n of m" ends there. */
  margin: number;
  colour?: string;
  /** Pages another document puts before these (a sealed record before its signature pages). */
  pagesBefore?: number;
  /** Pages another step appends later (a sealed record's signature pages), counted in "of m". */
  pagesAfter?: number;
  /** In the built-in Helvetica, nothing embedded: for documents laid out in the built-in fonts. */
  builtInFonts?: boolean;
  /**
   * The words of "page n of m" in the document's language (document-language.ts); English without.
   * Drawn left to right in the regular face alone: words of a script it lacks, or written right to
   * left, are left out of the catalogue's message (digits only: "2 / 5"). In the built-in Helvetica
   * (the bench's references) a label with letters beyond Windows-1252 (Greek, Cyrillic) is English.
   */
  label?: (n: number, total: number) => string;
}

let arimo: fontkit.Font | undefined;

/** Whether Helvetica draws every character of a label's words (its digits are ASCII in every catalogue's locale). */
const inWinAnsi = (label: NonNullable<PageNumberOptions["label"]>) => [...label(1, 2)].every((ch) => standardFontDraws(ch.codePointAt(0)!));

/**
 * The Document prop that numbers the pages: "page n of m", right-aligned at the margin, in the
 * documents' regular face (Arimo, embedded; the patch names an embedded font by its PostScript name,
 * so the page numbers' glyphs join the subset the text embeds) or Helvetica. Opened once a thread,
 * used only on a page where react-pdf has drawn no Arimo before.
 */
export function pageNumbers({
  margin,
  colour = FOOTER_GREY,
  pagesBefore = 0,
  pagesAfter = 0,
  builtInFonts = false,
  label,
}: PageNumberOptions): {
  pageNumbers: Record<string, unknown>;
} {
  arimo ??= fontkit.openSync(faceFile(FACES.embedded.regular)) as fontkit.Font;
  return {
    pageNumbers: {
      font: builtInFonts ? FACES.builtIn.regular : arimo,
      size: SIZE,
      colour,
      margin,
      baseline: BASELINE,
      pagesBefore,
      pagesAfter,
      ...(label && (!builtInFonts || inWinAnsi(label)) ? { label } : {}),
    },
  };
}
