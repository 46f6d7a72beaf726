import { DEFAULT_LOCALE, localeDirection, type Locale } from "@/lib/i18n/locales";
import { translatorFor, type Translator } from "@/lib/i18n/translator";
import { paragraphStyle, rowDirection, type Direction } from "./direction";
import { fontsFor, type FontStacks } from "./fonts";

/**
 * What a system document (receipt, sealed record, certificate, signature page) is written in: its
 * words from the catalogues, its fonts (the language's own Han glyphs first), and its direction
 * (direction.ts: every Text is given its own, every table row is reversed right to left).
 */
export interface DocumentLanguage {
  /** BCP 47: the catalogue's, and the document's /Lang. */
  locale: Locale;
  dir: Direction;
  t: Translator;
  font: FontStacks;
  /** Spread into the style of a Text holding `content`. */
  para: (content: string) => ReturnType<typeof paragraphStyle>;
  /** Spread into the style of every table row. */
  row: ReturnType<typeof rowDirection>;
  /**
   * The room kept between a table cell's text and the next cell: right to left, at its left (the text
   * is set on the right, against the cell before); in Chinese, Japanese and Korean, which break
   * between any two characters and so fill a cell to its edge, at its right.
   */
  cellGap: { paddingLeft?: number; paddingRight?: number };
  /** An indent on the side lines start from (the left, or the right in Arabic and Hebrew). */
  indent: (points: number) => { marginLeft: number } | { marginRight: number };
  /** "page n of m" in the document's language (footer.tsx, `label`). */
  pageLabel: (n: number, total: number) => string;
  /**
   * A line height (react-pdf's, a multiple of the font size) at least as tall as the language's
   * glyphs: react-pdf sets a line's baseline at its font's ascent, and Noto Sans CJK's ascent and
   * descent together pass 1.4 em, so at the documents' 1.3 a Japanese heading runs into the line
   * below.
   */
  leading: (lineHeight: number) => number;
}

const FILLS_TO_EDGE = new Set(["ja", "ko", "zh"]);
/** The least line height each script's glyphs need (see `leading`); others keep the document's. */
const LEADING: Record<string, number> = { ja: 1.5, ko: 1.5, zh: 1.5 };

const languages = new Map<Locale, DocumentLanguage>();

export function documentLanguage(locale: Locale = DEFAULT_LOCALE): DocumentLanguage {
  let lang = languages.get(locale);
  if (!lang) {
    const dir = localeDirection(locale);
    const t = translatorFor(locale);
    lang = {
      locale,
      dir,
      t,
      font: fontsFor(locale),
      para: (content) => paragraphStyle(dir, content),
      row: rowDirection(dir),
      cellGap: dir === "rtl" ? { paddingLeft: 4 } : FILLS_TO_EDGE.has(locale.split("-")[0]) ? { paddingRight: 4 } : {},
      indent: (points) => (dir === "rtl" ? { marginRight: points } : { marginLeft: points }),
      pageLabel: (n, total) => t("document.pageNumber", { n, total }),
      leading: (lineHeight) => Math.max(lineHeight, LEADING[locale.split("-")[0]] ?? 0),
    };
    languages.set(locale, lang);
  }
  return lang;
}
