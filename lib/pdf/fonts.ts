import { createRequire } from "node:module";
import path from "node:path";
import { Encodings } from "@pdf-lib/standard-fonts";
import { Font } from "@react-pdf/renderer";
import * as fontkit from "fontkit";
import { breakOpportunities } from "./line-breaks";

/**
 * A document draws in Arimo (or Cousine for code), embedded; the built-in PDF fonts (Helvetica,
 * Courier) remain for untagged output, and draw only the Windows-1252 characters: a name in Greek or
 * Cyrillic came out as other letters ("Жанна" as "0==0"), with no error. Every font is therefore a
 * stack, react-pdf picking a font per character: the first face for the characters it has, then
 * DejaVu Sans (Greek, Cyrillic, Hebrew, Arabic…), then Noto Sans CJK fonts for Chinese, Japanese
 * and Korean (their Han glyphs differ by language: the document's locale picks which comes first),
 * then Noto Emoji for emoji as text glyphs. Each is embedded only in documents that use it, and only
 * the glyphs used. This module is the one place that says which characters the document fonts draw
 * (`drawable`: the first faces draw at least Windows-1252).
 */
const CJK = {
  sc: { family: "Noto Sans SC", package: "@expo-google-fonts/noto-sans-sc", file: "NotoSansSC" },
  jp: { family: "Noto Sans JP", package: "@expo-google-fonts/noto-sans-jp", file: "NotoSansJP" },
  kr: { family: "Noto Sans KR", package: "@expo-google-fonts/noto-sans-kr", file: "NotoSansKR" },
} as const;
const EMOJI = { family: "Noto Emoji", package: "@expo-google-fonts/noto-emoji", file: "NotoEmoji" } as const;
type NotoFont = (typeof CJK)[keyof typeof CJK] | typeof EMOJI;

/** The CJK fonts in the order a locale wants them: its own language's Han glyphs first; the others for what it lacks (Hangul, kana). */
function cjkOrder(locale: string): NotoFont[] {
  const language = locale.toLowerCase().split("-")[0];
  if (language === "ja") return [CJK.jp, CJK.kr];
  if (language === "ko") return [CJK.kr, CJK.jp];
  return [CJK.sc, CJK.kr];
}

/**
 * The first font of every stack. The built-in PDF fonts are not embedded, and PDF/UA (ISO 14289-1,
 * 7.21.4.1) wants every font embedded: a tagged document draws in Arimo and Cousine (Apache 2.0),
 * metric-compatible with Helvetica and Courier (the same widths, so the same line breaks), embedded
 * as a subset of the glyphs used. `builtIn` keeps Helvetica and Courier (nothing embedded): an
 * untagged document, and the bench's reference.
 */
/** The four faces of a document, embedded (PDF/UA) or react-pdf's built-in ones (the bench's references). */
export const FACES = {
  embedded: { regular: "Arimo", bold: "Arimo Bold", italic: "Arimo Italic", mono: "Cousine" },
  builtIn: { regular: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique", mono: "Courier" },
} as const;
const FACE_FILES: Record<(typeof FACES.embedded)[keyof typeof FACES.embedded], { package: string; file: string }> = {
  Arimo: { package: "@expo-google-fonts/arimo", file: "400Regular/Arimo_400Regular.ttf" },
  "Arimo Bold": { package: "@expo-google-fonts/arimo", file: "700Bold/Arimo_700Bold.ttf" },
  "Arimo Italic": { package: "@expo-google-fonts/arimo", file: "400Regular_Italic/Arimo_400Regular_Italic.ttf" },
  Cousine: { package: "@expo-google-fonts/cousine", file: "400Regular/Cousine_400Regular.ttf" },
};

export interface FontStacks {
  regular: string[];
  bold: string[];
  italic: string[];
  mono: string[];
}

/** The font stacks of a document in `locale`: embedded fonts (tagged, PDF/UA), or with `builtIn` the built-in ones. */
export function fontsFor(locale = "en-GB", { builtIn = false }: { builtIn?: boolean } = {}): FontStacks {
  const cjk = cjkOrder(locale);
  const tail = (bold: boolean) => [...cjk.map((f) => (bold ? `${f.family} Bold` : f.family)), EMOJI.family];
  const face = builtIn ? FACES.builtIn : FACES.embedded;
  return {
    regular: [face.regular, "DejaVu Sans", ...tail(false)],
    bold: [face.bold, "DejaVu Sans Bold", ...tail(true)],
    // DejaVu Sans Oblique has no Arabic and DejaVu Sans Mono no Hebrew: the upright face draws them.
    italic: [face.italic, "DejaVu Sans Oblique", "DejaVu Sans", ...tail(false)],
    mono: [face.mono, "DejaVu Sans Mono", "DejaVu Sans", ...tail(false)],
  };
}

/** The stacks of documents without a locale of their own (receipts, sealed records, certificates). */
export const FONT = fontsFor();

const FALLBACK_FILES = {
  "DejaVu Sans": "DejaVuSans.ttf",
  "DejaVu Sans Bold": "DejaVuSans-Bold.ttf",
  "DejaVu Sans Oblique": "DejaVuSans-Oblique.ttf",
  "DejaVu Sans Mono": "DejaVuSansMono.ttf",
} as const;

const projectRequire = () => createRequire(path.join(process.cwd(), "package.json"));
const notoFile = (f: NotoFont, weight: "400Regular" | "700Bold") =>
  path.join(path.dirname(projectRequire().resolve(`${f.package}/package.json`)), weight, `${f.file}_${weight}.ttf`);
/** Every Noto font registered: family name → file. Noto Emoji has one weight, used for bold text too. */
const notoFiles = (): Array<[string, string]> => [
  ...Object.values(CJK).flatMap((f): Array<[string, string]> => [
    [f.family, notoFile(f, "400Regular")],
    [`${f.family} Bold`, notoFile(f, "700Bold")],
  ]),
  [EMOJI.family, notoFile(EMOJI, "400Regular")],
];

const fallbackDir = () => path.join(path.dirname(projectRequire().resolve("dejavu-fonts-ttf/package.json")), "ttf");

/** The file of a document face (Arimo, Cousine), for code that embeds it itself (page numbers). */
export const faceFile = (family: keyof typeof FACE_FILES) =>
  path.join(path.dirname(projectRequire().resolve(`${FACE_FILES[family].package}/package.json`)), FACE_FILES[family].file);

/** The file of any family a font stack names (the faces, DejaVu, Noto), for code that embeds fonts itself (a signature's appearance). */
export function familyFile(family: string): string {
  if (family in FACE_FILES) return faceFile(family as keyof typeof FACE_FILES);
  if (family in FALLBACK_FILES) return path.join(fallbackDir(), FALLBACK_FILES[family as keyof typeof FALLBACK_FILES]);
  const noto = notoFiles().find(([f]) => f === family);
  if (!noto) throw new Error(`fonts: no file for the family ${family}`);
  return noto[1];
}

const opened = new Map<string, fontkit.Font>();
/**
 * A family's font: the one react-pdf has loaded in this thread (no large font held twice), else read
 * from its file, once; for code that shapes text itself (a signature's appearance).
 */
export function fontOf(family: string): fontkit.Font {
  const store = Font as unknown as { getFont(d: { fontFamily: string }): { data?: fontkit.Font | null } | null };
  try {
    const loaded = store.getFont({ fontFamily: family })?.data;
    if (loaded) return loaded;
  } catch {
    // not registered in this thread
  }
  if (!opened.has(family)) opened.set(family, fontkit.openSync(familyFile(family)) as fontkit.Font);
  return opened.get(family)!;
}

const shaping = new Map<string, fontkit.Font>();
/**
 * A family's font for shaping right-to-left runs (lib/pdf/right-to-left-run.ts): an instance of its
 * own, never the one react-pdf draws documents with (fontOf). fontkit keeps one glyph object per id,
 * named by the characters it was first made for; reading a font's presentation forms through
 * react-pdf's instance would make every later document's Arabic text map to them (copied, searched
 * and read aloud as presentation forms).
 */
export function shapingFontOf(family: string): fontkit.Font {
  if (!shaping.has(family)) shaping.set(family, fontkit.openSync(familyFile(family)) as fontkit.Font);
  return shaping.get(family)!;
}

/**
 * The family of `stack` that draws a character, as react-pdf picks it for a document
 * (patches/@react-pdf+textkit+7.0.1.patch, `pickFontFromFontStack`): the first that has a glyph for
 * it; for a character none has (a line break, a joiner), the family of the character before, else
 * the first. Fonts further down the stack are opened only when the ones before lack a character.
 */
function familyFor(stack: readonly string[], codePoint: number, previous: string | undefined): string {
  return stack.find((family) => fontOf(family).hasGlyphForCodePoint(codePoint)) ?? previous ?? stack[0];
}

/**
 * The text cut into runs, each drawn in one family of `stack`, chosen per character as react-pdf
 * chooses for documents: the one rule for code that draws text itself (a signature's appearance)
 * and for measuring text before react-pdf lays it out (explain reports).
 */
export function fontRuns(text: string, stack: readonly string[]): Array<{ family: string; text: string }> {
  const runs: Array<{ family: string; text: string }> = [];
  for (const ch of text) {
    const family = familyFor(stack, ch.codePointAt(0)!, runs.at(-1)?.family);
    if (runs.at(-1)?.family === family) runs.at(-1)!.text += ch;
    else runs.push({ family, text: ch });
  }
  return runs;
}

/** A character's advance in 1/1000 em in the family of `stack` that draws it. */
export function advanceIn(stack: readonly string[], codePoint: number): number {
  const font = fontOf(familyFor(stack, codePoint, undefined));
  return (font.glyphForCodePoint(codePoint).advanceWidth * 1000) / font.unitsPerEm;
}

/** Whether the built-in PDF fonts (Helvetica, Courier) draw a character: those of Windows-1252. */
export const standardFontDraws = (codePoint: number) => Encodings.WinAnsi.canEncodeUnicodeCodePoint(codePoint);

let done = false;
let fallbackChars: Set<number> | undefined;

/**
 * The characters some document font beyond the built-in ones draws, from the fonts' own tables, once
 * per thread: from the fonts react-pdf has loaded (a render thread loads them all at its start) so
 * that no large font is held twice, else read from the files.
 */
function fallbackCharacters(): Set<number> {
  if (!fallbackChars) {
    const store = Font as unknown as { getFont(d: { fontFamily: string }): { data?: { characterSet?: number[] } } | null };
    const tableOf = (family: string, file: string) => {
      let loaded: number[] | undefined;
      try {
        loaded = store.getFont({ fontFamily: family })?.data?.characterSet;
      } catch {
        // not registered in this thread yet
      }
      return loaded ?? (fontkit.openSync(file) as fontkit.Font).characterSet;
    };
    fallbackChars = new Set(tableOf("DejaVu Sans", path.join(fallbackDir(), FALLBACK_FILES["DejaVu Sans"])));
    for (const [family, file] of notoFiles().filter(([f]) => !f.endsWith(" Bold")))
      for (const code of tableOf(family, file)) fallbackChars.add(code);
  }
  return fallbackChars;
}

/** Joiners and selectors of emoji sequences and CJK variation: drawn as part of their sequence, never alone. */
const isSequenceMark = (code: number) =>
  code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0x1f3fb && code <= 0x1f3ff) || (code >= 0xe0020 && code <= 0xe007f);
const drawn = (code: number) => code < 0x20 || standardFontDraws(code) || fallbackCharacters().has(code) || isSequenceMark(code);

/** The text as the document fonts can draw it: each character none of them has becomes U+FFFD (visibly missing, never another letter). */
export function drawable(text: string): string {
  // Latin-1 and line breaks, nearly every text: nothing to look up.
  if (/^[\n\x20-\x7e\u00a0-\u00ff]*$/.test(text)) return text;
  let out = "";
  for (const ch of text) out += drawn(ch.codePointAt(0)!) ? ch : "\ufffd";
  return out;
}

/** The characters of `text` that no document font draws (each once), for an explain trace to name. */
export function undrawable(text: string): string[] {
  if (/^[\n\x20-\x7e\u00a0-\u00ff]*$/.test(text)) return [];
  return [...new Set([...text].filter((ch) => !drawn(ch.codePointAt(0)!)))];
}

/**
 * Registers the fallback fonts (read on first use, once per thread) and the line breaks: no
 * hyphenation, breaks inside long runs and CJK text only (lib/pdf/line-breaks.ts).
 */
export function setUpFonts(): void {
  if (done) return;
  // Resolved from the project's root: the server bundle's own paths are not node_modules'.
  const dir = fallbackDir();
  for (const family of Object.keys(FACE_FILES) as Array<keyof typeof FACE_FILES>) Font.register({ family, src: faceFile(family) });
  for (const [family, file] of Object.entries(FALLBACK_FILES)) Font.register({ family, src: path.join(dir, file) });
  for (const [family, file] of notoFiles()) Font.register({ family, src: file });
  Font.registerHyphenationCallback(breakOpportunities);
  done = true;
}

/** `drawable` applied to every string in a value (a document's input), keeping its shape. */
export function drawableStrings<T>(value: T): T {
  if (typeof value === "string") return drawable(value) as T;
  if (Array.isArray(value)) return value.map(drawableStrings) as T;
  if (value && typeof value === "object" && !(value instanceof Date) && !ArrayBuffer.isView(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, drawableStrings(v)])) as T;
  }
  return value;
}
