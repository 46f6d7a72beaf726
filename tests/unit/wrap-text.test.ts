import { Encodings, Font, FontNames } from "@pdf-lib/standard-fonts";
import fc from "fast-check";
import { expect, it } from "vitest";
import { drawable as fontsDraw } from "@/lib/pdf/fonts";
import { visibleText, wrapText } from "@/lib/pdf/wrap-text";

const helvetica = Font.load(FontNames.Helvetica);
const widthPt = (text: string, size: number) =>
  ([...text].reduce((n, ch) => {
    const cp = ch.codePointAt(0)!;
    return (
      n +
      (Encodings.WinAnsi.canEncodeUnicodeCodePoint(cp)
        ? helvetica.getWidthOfGlyph(Encodings.WinAnsi.encodeUnicodeCodePoint(cp).name) || 1000
        : 1000)
    );
  }, 0) *
    size) /
  1000;

it("breaks text into lines that fit the box by the font's metrics, cutting only words wider than the box and adding nothing but line breaks", () => {
  const text = fc
    .array(
      fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.string({ minLength: 30, maxLength: 300 }),
        fc.constant("9a6410d17df630155fc81009ceb19710b868e8e9b24f57e6888a597732910df0"),
      ),
      { maxLength: 8 },
    )
    .map((ws) => ws.join(" "));
  fc.assert(
    fc.property(
      text,
      fc.integer({ min: 40, max: 360 }),
      fc.constantFrom(7, 9, 10, 13),
      fc.integer({ min: 0, max: 120 }),
      (s, box, size, firstUsed) => {
        const out = wrapText(s, box, size, { firstLineUsedPt: firstUsed });
        // Every character stays, in order; only spaces may have become line breaks, and breaks are added.
        expect(out.replace(/[\n ]/g, "")).toBe(s.replace(/[\n ]/g, ""));
        const lines = out.split("\n");
        lines.forEach((line, i) => {
          const room = box - (i === 0 ? firstUsed : 0);
          if ([...line].length > 1) expect(widthPt(line, size), JSON.stringify(line)).toBeLessThanOrEqual(room + 1e-6); // a single character wider than the box stands alone
        });
        for (const word of s.split(/\s+/)) if (widthPt(word, size) <= box) expect(out).toContain(word);
      },
    ),
    { numRuns: 400 },
  );
});

it("puts a word on the next line only when it does not fit on this one", () => {
  const words = "Rendered 2 pages in 369 ms with 0 errors and 5 warnings about the template".split(" ");
  const out = wrapText(words.join(" "), 120, 10);
  const lines = out.split("\n");
  expect(lines.join(" ")).toBe(words.join(" "));
  for (let i = 0; i + 1 < lines.length; i++) expect(widthPt(`${lines[i]} ${lines[i + 1].split(" ")[0]}`, 10)).toBeGreaterThan(120);
  expect(wrapText("on page 1: x", 400, 10, { firstLineUsedPt: 395 })).toBe("\non page 1: x"); // no room after the label: the text starts on the next line
});

it("writes every character the document fonts cannot draw, and every invisible one, as its code point, and leaves names in any script they draw as written", () => {
  const shown = (ch: string) =>
    ch === "\n" ||
    (!/\p{C}/u.test(ch) && fontsDraw(ch) === ch) ||
    (Encodings.WinAnsi.canEncodeUnicodeCodePoint(ch.codePointAt(0)!) && ch >= " ");
  fc.assert(
    fc.property(
      fc.string({
        unit: fc.oneof(
          fc.constantFrom(..."\u0000\ud83d\u202e\uffff\u0085\u200d\t\r\n€ÿ‹›"),
          fc.constantFrom("🙂", "李", "ж"),
          fc.string({ unit: "binary", maxLength: 1 }),
        ),
      }),
      (s) => {
        const out = visibleText(s);
        for (const ch of out) expect(shown(ch), JSON.stringify(ch)).toBe(true);
        // Reading the marks back gives the text with its line ends made \n and tabs made spaces.
        const back = out.replace(/‹U\+([0-9A-F]{4,6})›/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
        const expected = s.replace(/\r\n?/g, "\n").replace(/\t/g, " ");
        if (!/‹U\+[0-9A-F]{4,6}›/.test(expected))
          expect([...back].map((c) => c.codePointAt(0))).toEqual([...expected].map((c) => c.codePointAt(0)));
      },
    ),
    { numRuns: 500 },
  );
  expect(visibleText("Zoë pays 12 € – “now”")).toBe("Zoë pays 12 € – “now”");
  expect(visibleText("id\u202ex 李小龍 🙂 \u{10FFFD}")).toBe("id‹U+202E›x 李小龍 🙂 ‹U+10FFFD›");
});

it("breaks a SHA-256 where a 180 pt box ends", () => {
  const hash = "9a6410d17df630155fc81009ceb19710b868e8e9b24f57e6888a597732910df0";
  const lines = wrapText(hash, 180, 10).split("\n");
  expect(lines.join("")).toBe(hash);
  expect(lines.length).toBe(2); // 64 hex digits at 5.56 pt: 356 pt
});
