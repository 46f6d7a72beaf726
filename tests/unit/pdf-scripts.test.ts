import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { assembleTrace } from "@/lib/explain/assemble-trace";
import { ExplainCapture } from "@/lib/explain/capture";
import { breakOpportunities } from "@/lib/pdf/line-breaks";
import { renderDocument } from "@/lib/pdf/render-document";
import { warmUpFonts } from "@/lib/pdf/warm-up";
import { parseTemplate } from "@/lib/templates/load-template";
import { pdfPageTexts, pdfWordBoxes } from "../support/pdf";

/**
 * Names in every script a customer's names are written in, and bound data longer than its box:
 * rendered for real and read back with poppler (pdftotext -bbox, pdffonts, pdftoppm).
 */
const ARTIFACTS = path.resolve("e2e/artifacts/documents");
const MARGIN = 48;
const ID = `ID-${"0123456789ABCDEFGHIJ".repeat(3).slice(0, 57)}`;
const source = (locale: string) =>
  [
    "---",
    "title: Letter",
    `locale: ${locale}`,
    "fields:",
    "  - key: name",
    "  - key: id",
    "---",
    "# Letter to {{name}}",
    "",
    "Dear {{name}}, thank you.",
    "",
    "| Name | Id | Note |",
    "| --- | --- | --- |",
    "| {{name}} | {{id}} | ok |",
  ].join("\n");
const meta = { correlationId: "scripts-1", title: "Letter", documentId: null };
/** Bidi marks pdftotext adds around right-to-left runs. */
const plain = (text: string) => text.replace(/[\u202a-\u202e\u2066-\u2069]/g, "");

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await warmUpFonts();
});

describe("names in every script", () => {
  const names: Array<[string, string, RegExp]> = [
    ["zh", "李小龍", /NotoSansSC/],
    ["ar", "شريف", /DejaVuSans/],
    ["he", "שלום", /Arimo/], // the documents' face has Hebrew, Greek and Cyrillic
    ["emoji", "Zoë 🙂", /NotoEmoji/],
    ["ko", "김민준", /NotoSansKR/],
  ];
  for (const [label, name, font] of names) {
    it(`a letter to ${name} prints the name in an embedded font that has it, never as U+FFFD`, async () => {
      const { pdf } = await renderDocument(await parseTemplate("s.md", source("en-GB")), { name, id: "C1" }, meta);
      const file = path.join(ARTIFACTS, `letter-${label}.pdf`);
      fs.writeFileSync(file, pdf);
      const text = plain((await pdfPageTexts(pdf)).join(" "));
      expect(text).toContain(`Letter to ${name}`);
      expect(text).not.toContain("\ufffd");
      const fonts = (await promisify(execFile)("pdffonts", [file])).stdout;
      expect(fonts).toMatch(font);
      // Only the glyphs used: a subset, flagged so (XXXXXX+Name).
      expect(fonts).toMatch(new RegExp(`[A-Z]{6}\\+${font.source}`));
      await promisify(execFile)("pdftoppm", ["-r", "60", "-png", "-singlefile", file, path.join(ARTIFACTS, `letter-${label}`)]);
    });
  }

  it("Japanese documents take the Japanese forms of Han characters, Chinese ones the Chinese", async () => {
    const fontsOf = async (locale: string) => {
      const file = path.join(os.tmpdir(), `sealpost-han-${locale}.pdf`);
      fs.writeFileSync(file, (await renderDocument(await parseTemplate("s.md", source(locale)), { name: "李小龍", id: "C1" }, meta)).pdf);
      return (await promisify(execFile)("pdffonts", [file])).stdout;
    };
    expect(await fontsOf("ja-JP")).toMatch(/NotoSansJP/);
    expect(await fontsOf("zh-CN")).toMatch(/NotoSansSC/);
  });

  it("a character no font has is printed as U+FFFD and named in the explain trace", async () => {
    const t = await parseTemplate("s.md", source("en-GB"));
    const capture = new ExplainCapture(t);
    const out = await renderDocument(t, { name: "Ann \u{10FFFD}", id: "C1" }, meta, capture);
    expect((await pdfPageTexts(out.pdf)).join(" ")).toContain("Ann \ufffd");
    const trace = assembleTrace({
      correlationId: "c",
      tenantId: "t",
      kind: "single",
      requestedBy: "test",
      template: null,
      facts: out.explain,
      createdAt: new Date(),
    });
    expect(trace.messages).toContainEqual(
      expect.objectContaining({
        code: "text.glyph_missing",
        message: "{{name}} holds characters no document font draws (U+10FFFD)",
        line: 8,
      }),
    );
  });
});

describe("lines that never leave their box", () => {
  it("a 60-character id stays inside its narrow table cell, broken without hyphens", async () => {
    const { pdf } = await renderDocument(await parseTemplate("s.md", source("en-GB")), { name: "Ann", id: ID }, meta);
    const words = await pdfWordBoxes(pdf);
    const header = (w: string) => words.find((x) => x.text === w)!;
    const [idColumn, noteColumn] = [header("Id").xMin, header("Note").xMin];
    const pieces = words.filter((w) => w.xMin >= idColumn - 1 && w.xMax <= noteColumn && w.yMin > header("Id").yMax && w.text !== "ok");
    expect(pieces.map((w) => w.text).join("")).toBe(ID);
    expect(pieces.length).toBeGreaterThan(1);
    for (const w of words) expect(w.xMax, w.text).toBeLessThanOrEqual(w.pageWidth - MARGIN + 0.5);
  });

  it("Chinese text without spaces and a long URL break inside the margins", async () => {
    const body = [
      "---",
      "title: t",
      "locale: zh-CN",
      "---",
      "中文段落，测试。".repeat(40),
      "",
      "See https://example.com/a/very/long/path/that/goes/on/and/on/without/any/spaces?query=1&other=2 now.",
    ].join("\n");
    const { pdf } = await renderDocument(await parseTemplate("s.md", body), {}, meta);
    const words = await pdfWordBoxes(pdf);
    for (const w of words) expect(w.xMax, w.text).toBeLessThanOrEqual(w.pageWidth - MARGIN + 0.5);
    // No line starts with a closing mark.
    const lines = (await pdfPageTexts(pdf)).join("\n");
    expect(lines).not.toMatch(/(^|\n)[，。]/);
  });

  it("break opportunities never change the text, and leave short words whole", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), (word) => {
        const parts = breakOpportunities(word);
        expect(parts.join("")).toBe(word);
        if ([...word].length <= 18 && !/[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u{20000}-\u{2fa1f}]/u.test(word))
          expect(parts).toEqual([word]);
      }),
    );
    expect(breakOpportunities("東京，大阪。")).toEqual(["東", "京，", "大", "阪。"]);
  });
});
