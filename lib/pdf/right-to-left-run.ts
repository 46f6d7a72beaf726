import type * as fontkit from "fontkit";

/**
 * One glyph of a shaped right-to-left run, as code that draws text glyph by glyph (a signature's
 * appearance) writes it: the character the font's own cmap maps to the glyph its shaping chose
 * (an Arabic letter's initial, medial or final form, a lam-alef ligature, as the Arabic Presentation
 * Forms the font lists), so that the embedding library finds the glyph, keeps it in the subset and
 * names its text; and where the pen goes, in 1/1000 em.
 */
export interface ShapedGlyph {
  char: string;
  /** How far the pen moves after the glyph. */
  advance: number;
  /** Where the glyph is drawn from the pen (a vowel mark above its letter). */
  dx: number;
  dy: number;
}

/** The Arabic Presentation Forms (A and B): the code points fonts list their contextual forms and ligatures under. */
const PRESENTATION_FORMS: Array<[number, number]> = [
  [0xfb50, 0xfdff],
  [0xfe70, 0xfeff],
];

/**
 * The letter a presentation form stands for (its compatibility decomposition: U+FEB7, sheen's
 * initial form, is U+0634 sheen), for a text map to name a joined glyph by; a ligature of two
 * letters (lam-alef) and any other character stay as they are, a text map naming one character.
 */
export function letterOf(code: number): number {
  if (!PRESENTATION_FORMS.some(([from, to]) => code >= from && code <= to)) return code;
  const letters = [...String.fromCodePoint(code).normalize("NFKC")];
  return letters.length === 1 ? letters[0].codePointAt(0)! : code;
}

const presentationForms = new WeakMap<fontkit.Font, Map<number, number>>();

/** Glyph id → the presentation form a font's cmap maps to it, read once per font. */
function presentationFormsOf(font: fontkit.Font): Map<number, number> {
  let forms = presentationForms.get(font);
  if (!forms) {
    forms = new Map();
    for (const [from, to] of PRESENTATION_FORMS)
      for (let code = from; code <= to; code++) {
        if (!font.hasGlyphForCodePoint(code)) continue;
        const id = font.glyphForCodePoint(code).id;
        if (!forms.has(id)) forms.set(id, code);
      }
    presentationForms.set(font, forms);
  }
  return forms;
}

/**
 * Alef's final forms (madda, hamza above, hamza below, bare) and the lam-alef ligatures they make
 * after an initial lam (isolated ligature) or a medial one (final ligature).
 */
const LAM_ALEF: ReadonlyMap<number, [isolated: number, final: number]> = new Map([
  [0xfe82, [0xfef5, 0xfef6]],
  [0xfe84, [0xfef7, 0xfef8]],
  [0xfe88, [0xfef9, 0xfefa]],
  [0xfe8e, [0xfefb, 0xfefc]],
]);
const [LAM_INITIAL, LAM_MEDIAL] = [0xfedf, 0xfee0];

/**
 * A run of right-to-left text (Arabic, Hebrew) shaped by the font that draws it (fontkit's layout:
 * the font's own GSUB and GPOS, as react-pdf shapes a document's text), in the order it is drawn,
 * left to right. Arabic letters join: drawn one by one from their code points they would stand in
 * their isolated forms, unconnected, a reading no Arabic writer makes.
 *
 * Every glyph must be one the font's cmap reaches. Some required ligatures are not: DejaVu Sans
 * joins a shadda and its vowel into one unlisted glyph. Such a run is shaped again without the
 * required ligatures (each mark then placed on its own), and its lam-alef ligatures, which are
 * listed, are put back from their presentation forms.
 */
export function shapeRightToLeft(font: fontkit.Font, text: string): ShapedGlyph[] {
  return shaped(font, text, true) ?? relig(font, shaped(font, text, false) ?? unshaped(font, text));
}

function shaped(font: fontkit.Font, text: string, ligatures: boolean): ShapedGlyph[] | null {
  const run = font.layout(text, ligatures ? undefined : { rlig: false }, undefined, undefined, "rtl");
  const scale = 1000 / font.unitsPerEm;
  const forms = presentationFormsOf(font);
  const glyphs: ShapedGlyph[] = [];
  for (const [i, glyph] of run.glyphs.entries()) {
    const { xAdvance, xOffset, yOffset } = run.positions[i];
    // fontkit keeps one Glyph per id, its codePoints those it was first made for: any that reach this glyph do.
    const own = glyph.codePoints.find((c) => font.glyphForCodePoint(c).id === glyph.id);
    const code = own ?? forms.get(glyph.id);
    if (code === undefined) return null;
    glyphs.push({ char: String.fromCodePoint(code), advance: xAdvance * scale, dx: xOffset * scale, dy: yOffset * scale });
  }
  return glyphs;
}

/** The lam-alef ligatures of a run shaped without them: a final alef drawn just left of an initial or medial lam. */
function relig(font: fontkit.Font, glyphs: ShapedGlyph[]): ShapedGlyph[] {
  const out: ShapedGlyph[] = [];
  for (let i = 0; i < glyphs.length; i++) {
    const forms = LAM_ALEF.get(glyphs[i].char.codePointAt(0)!);
    const lam = glyphs[i + 1]?.char.codePointAt(0);
    const code = forms && (lam === LAM_INITIAL ? forms[0] : lam === LAM_MEDIAL ? forms[1] : undefined);
    if (code === undefined || !font.hasGlyphForCodePoint(code)) {
      out.push(glyphs[i]);
      continue;
    }
    const glyph = font.glyphForCodePoint(code);
    out.push({ char: String.fromCodePoint(code), advance: (glyph.advanceWidth * 1000) / font.unitsPerEm, dx: 0, dy: 0 });
    i++;
  }
  return out;
}

/** The run's characters reversed, each its own glyph: the letters kept where no shaping reaches the font's glyphs. */
const unshaped = (font: fontkit.Font, text: string): ShapedGlyph[] =>
  [...text].reverse().map((char) => ({
    char,
    advance: (font.glyphForCodePoint(char.codePointAt(0)!).advanceWidth * 1000) / font.unitsPerEm,
    dx: 0,
    dy: 0,
  }));
