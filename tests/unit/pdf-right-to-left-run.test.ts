import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { familyFile } from "@/lib/pdf/fonts";
import { letterOf, shapeRightToLeft } from "@/lib/pdf/right-to-left-run";

/**
 * Right-to-left runs shaped for code that draws glyph by glyph (a signature's box): in drawing order,
 * each glyph the one the font's shaping picks, reached through a character its cmap lists.
 */
const dejavu = fontkit.openSync(familyFile("DejaVu Sans")) as fontkit.Font;
const codes = (text: string) => shapeRightToLeft(dejavu, text).map((g) => g.char.codePointAt(0)!.toString(16));
const ids = (text: string) => shapeRightToLeft(dejavu, text).map((g) => dejavu.glyphForCodePoint(g.char.codePointAt(0)!).id);

describe("shapeRightToLeft", () => {
  it("joins Arabic letters in their contextual forms and makes lam-alef one glyph, drawn from the left", () => {
    // سلام, left to right: meem alone (alef never joins the letter after it), lam-alef's final ligature, seen's initial form.
    expect(codes("سلام")).toEqual(["645", "fefc", "feb3"]);
    for (const word of ["ليلى", "حداد", "سلام"])
      expect(ids(word), word).toEqual(dejavu.layout(word, undefined, undefined, undefined, "rtl").glyphs.map((g) => g.id));
  });

  it("places each vowel mark on its letter where the font would join a shadda and its vowel into a glyph it does not list", () => {
    const glyphs = shapeRightToLeft(dejavu, "لا الموقِّع");
    const [shadda, kasra] = ["\u0651", "\u0650"].map((m) => glyphs.find((g) => g.char === m)!);
    expect(shadda.dy).toBeGreaterThan(0);
    expect(kasra.dy).toBeLessThan(0);
    expect(shadda.advance).toBe(0);
    // The lam-alef of the same run is still one glyph.
    expect(glyphs.at(-1)!.char).toBe("\ufefb");
  });

  it("leaves Hebrew letters as they are, reversed", () => {
    expect(
      shapeRightToLeft(dejavu, "שלום")
        .map((g) => g.char)
        .join(""),
    ).toBe("םולש");
  });
});

describe("letterOf", () => {
  it("names a joined form by its letter, and keeps a ligature of two letters and any other character", () => {
    expect(letterOf(0xfeb7)).toBe(0x0634);
    expect(letterOf(0xfefb)).toBe(0xfefb);
    expect(letterOf(0x41)).toBe(0x41);
  });
});
