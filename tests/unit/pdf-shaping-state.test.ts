import fc from "fast-check";
import * as fontkit from "fontkit";
import { expect, it } from "vitest";
import { faceFile, familyFile } from "@/lib/pdf/fonts";

/*
 * fontkit keeps state between layouts of one font: its glyph cache, and (patches/fontkit) the
 * feature table of the script last shaped and the lookups of each set of features. A render
 * thread shapes every run of every document with one font object, so what one string leaves
 * behind must never change how the next one is drawn.
 */

const FILES = { Arimo: faceFile("Arimo"), "DejaVu Sans": familyFile("DejaVu Sans") };
type Family = keyof typeof FILES;
const open = (family: Family) => fontkit.openSync(FILES[family]) as fontkit.Font;

/** What a layout draws: each glyph and where, as a PDF would place it. */
function drawn(font: fontkit.Font, text: string, features?: string[]) {
  const run = features ? font.layout(text, features) : font.layout(text);
  return run.glyphs.map((g, i) => [g.id, run.positions[i].xAdvance, run.positions[i].xOffset, run.positions[i].yOffset]);
}

// Latin with kerning pairs and ligature candidates, Cyrillic, Greek, Hebrew, Arabic (DejaVu shapes
// it by position), digits and punctuation: scripts whose feature tables and shapers differ.
const word = fc.constantFrom(
  "AVAT",
  "Tyre",
  "office",
  "Жанна",
  "Ωμέγα",
  "שלום",
  "مرحبا",
  "1,234.56",
  "Łódź",
  "fi fl",
  "W.A.",
  " ",
  "—",
  "«Yo»",
);
const text = fc.array(word, { minLength: 1, maxLength: 6 }).map((ws) => ws.join(""));
const features = fc.option(fc.subarray(["kern", "liga", "smcp", "tnum"], { minLength: 1 }), { nil: undefined });

it("shapes a string the same on a font that shaped other strings, scripts and features before as on a fresh one", () => {
  const shared = { Arimo: open("Arimo"), "DejaVu Sans": open("DejaVu Sans") };
  fc.assert(
    fc.property(
      fc.array(fc.record({ family: fc.constantFrom<Family>("Arimo", "DejaVu Sans"), text, features }), { minLength: 2, maxLength: 8 }),
      (runs) => {
        for (const { family, text, features } of runs)
          expect(drawn(shared[family], text, features)).toEqual(drawn(open(family), text, features));
      },
    ),
    { numRuns: 60 },
  );
});

it("applies the fonts' features after any other layout: kerning pairs set closer, Arabic letters joined", () => {
  const arimo = open("Arimo");
  const dejavu = open("DejaVu Sans");
  const kerned = (font: fontkit.Font, pair: string) => {
    const run = font.layout(pair);
    return run.positions[0].xAdvance < run.glyphs[0].advanceWidth;
  };
  const joined = (font: fontkit.Font, arabic: string) =>
    font
      .layout(arabic)
      .glyphs.map((g) => g.id)
      .join() !==
    font
      .glyphsForString(arabic)
      .map((g) => g.id)
      .reverse()
      .join();
  fc.assert(
    fc.property(fc.array(fc.record({ text, features }), { maxLength: 4 }), (before) => {
      for (const { text, features } of before) {
        drawn(arimo, text, features);
        drawn(dejavu, text, features);
      }
      expect(kerned(arimo, "AV")).toBe(true);
      expect(kerned(arimo, "To")).toBe(true);
      expect(joined(dejavu, "مرحبا")).toBe(true);
    }),
    { numRuns: 30 },
  );
});
