import { createRequire } from "node:module";
import path from "node:path";
import { Encodings } from "@pdf-lib/standard-fonts";
import { Font } from "@react-pdf/renderer";
import * as fontkit from "fontkit";

/**
 * The built-in PDF fonts (Helvetica, Courier) draw only the Windows-1252 characters: a name in
 * Greek, Cyrillic, Hebrew, Polish or Turkish came out as other letters ("Жанна" as "0==0"), with no
 * error. Every font is therefore a stack: the built-in font for the characters it has (nothing
 * embedded, the fast path), then DejaVu Sans for the others, embedded only in documents that use
 * it and only the glyphs used (react-pdf picks a font per character). Characters DejaVu lacks too
 * (CJK, emoji) are drawn as U+FFFD, the replacement character (`drawable`): visibly missing, never
 * another letter (react-pdf would hand them to Helvetica, which prints their code's bytes).
 */
export const FONT = {
  regular: ["Helvetica", "DejaVu Sans"],
  bold: ["Helvetica-Bold", "DejaVu Sans Bold"],
  italic: ["Helvetica-Oblique", "DejaVu Sans Oblique"],
  mono: ["Courier", "DejaVu Sans Mono"],
};

const FALLBACK_FILES = {
  "DejaVu Sans": "DejaVuSans.ttf",
  "DejaVu Sans Bold": "DejaVuSans-Bold.ttf",
  "DejaVu Sans Oblique": "DejaVuSans-Oblique.ttf",
  "DejaVu Sans Mono": "DejaVuSansMono.ttf",
} as const;

const fallbackDir = () => path.join(path.dirname(createRequire(path.join(process.cwd(), "package.json")).resolve("dejavu-fonts-ttf/package.json")), "ttf");

/** The file of a fallback family (DejaVu), for code that embeds it itself (a signature's appearance). */
export const fallbackFontFile = (family: keyof typeof FALLBACK_FILES) => path.join(fallbackDir(), FALLBACK_FILES[family]);

/** True when the built-in fonts draw every character of `text` (Windows-1252): nothing needs embedding. */
export const builtInFontsDraw = (text: string) => /^[\n\x20-\x7e\u00a0-\u00ff]*$/.test(text) || [...text].every((ch) => Encodings.WinAnsi.canEncodeUnicodeCodePoint(ch.codePointAt(0)!));

let done = false;
let fallbackChars: Set<number> | undefined;

/** The text as the document fonts can draw it: each character neither the built-in fonts nor DejaVu Sans have becomes U+FFFD. */
export function drawable(text: string): string {
  // Latin-1 and line breaks, nearly every text: nothing to look up.
  if (/^[\n\x20-\x7e\u00a0-\u00ff]*$/.test(text)) return text;
  fallbackChars ??= new Set((fontkit.openSync(path.join(fallbackDir(), FALLBACK_FILES["DejaVu Sans"])) as fontkit.Font).characterSet);
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += code < 0x20 || Encodings.WinAnsi.canEncodeUnicodeCodePoint(code) || fallbackChars.has(code) ? ch : "\ufffd";
  }
  return out;
}

/** Registers the fallback fonts (read on first use, once per thread) and turns hyphenation off: its callbacks cost time per word. */
export function setUpFonts(): void {
  if (done) return;
  // Resolved from the project's root: the server bundle's own paths are not node_modules'.
  const dir = fallbackDir();
  for (const [family, file] of Object.entries(FALLBACK_FILES)) Font.register({ family, src: path.join(dir, file) });
  Font.registerHyphenationCallback((word) => [word]);
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
