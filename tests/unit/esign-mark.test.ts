import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_MARK_TEXT, typedMark } from "@/lib/signing/pdf/mark";

// Every character that ends a line or a paragraph in Unicode text, and the other control characters.
const LINE_BREAKS = ["\n", "\r", "\r\n", "\u000b", "\u000c", "\u0085", "\u2028", "\u2029"];
const CONTROLS = ["\t", "\u0000", "\u0001", "\u001b", "\u007f", "\u009f"];

// Names as people type them: letters of several scripts, spaces, hyphens and apostrophes, never a control character.
const nameChar = fc.constantFrom(..."AdaLovelace Жанна Ἀλέξανδρος 李小龍 O'Brien-Smith é".split(""));
const name = fc.string({ unit: nameChar, minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0);

describe("a typed mark", () => {
  it("is refused when it holds a line break of any kind, wherever it stands (generated names)", () => {
    fc.assert(
      fc.property(name, name, fc.constantFrom(...LINE_BREAKS), fc.boolean(), (before, after, br, atEdge) => {
        const text = atEdge ? `${before}${br}` : `${before}${br}${after}`;
        expect(typedMark(text)).toBeNull();
      }),
    );
  });

  it("is refused when it holds any other control character", () => {
    for (const c of CONTROLS) expect(typedMark(`Ada${c}Lovelace`), JSON.stringify(c)).toBeNull();
  });

  it("is accepted on one line, trimmed, with inner runs of spaces made one (generated names)", () => {
    fc.assert(
      fc.property(name, (text) => {
        expect(typedMark(`  ${text}  `)).toBe(text.replace(/\s+/g, " ").trim());
      }),
    );
  });

  it("is refused empty, blank or longer than its limit", () => {
    expect(typedMark("")).toBeNull();
    expect(typedMark("   ")).toBeNull();
    expect(typedMark("a".repeat(MAX_MARK_TEXT))).toBe("a".repeat(MAX_MARK_TEXT));
    expect(typedMark("a".repeat(MAX_MARK_TEXT + 1))).toBeNull();
  });
});
