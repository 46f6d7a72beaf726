import { Font } from "@react-pdf/renderer";

let done = false;

/** Built-in PDF fonts only (nothing downloaded) and no hyphenation: its callbacks cost time per word. */
export function setUpFonts(): void {
  if (done) return;
  Font.registerHyphenationCallback((word) => [word]);
  done = true;
}
