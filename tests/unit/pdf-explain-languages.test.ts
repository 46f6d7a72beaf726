import fs from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import type { Trace } from "@/lib/explain/assemble-trace";
import { REPORT_MARGIN } from "@/lib/explain/report/report-document";
import { type ReportMode } from "@/lib/explain/report/report-facts";
import { renderExplainReport } from "@/lib/explain/report/render-report";
import { resetEnvCache } from "@/lib/env";
import { momentText } from "@/lib/format/moment-text";
import { LOCALES, type SupportedLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { checkPdfUa } from "@/lib/pdf/pdf-ua/check-pdf-ua";
import { auditTrace } from "../support/explain-audit-trace";
import { pdfText, pdfWordBoxes } from "../support/pdf";

/**
 * The explain report in the language of the staff who read it, read back by poppler: French and
 * Arabic (right to left) and Japanese (no spaces to break lines at) with every sentence Sealpost
 * writes from the catalogue, none of English's left, /Lang set, PDF/UA clean, inside the margins.
 * What the trace recorded (engine messages, template lines, style sources) stays as recorded.
 */
let trace: Trace;
let lines: Record<number, string>;

beforeAll(async () => {
  process.env.TEMPLATES_DIR = path.resolve("tests/fixtures/templates");
  resetEnvCache();
  ({ trace, lines } = await auditTrace({ kind: "batch-record", referenceId: "batch-0031", recordIndex: 4 }));
});
afterAll(() => {
  delete process.env.TEMPLATES_DIR;
  resetEnvCache();
});

const report = (mode: ReportMode, locale: SupportedLocale) =>
  renderExplainReport({ trace, mode, scorecard: true, templateLines: lines, generatedAt: "2026-11-23T10:05:00.000Z", locale });

const catalogue = (tag: string) => JSON.parse(fs.readFileSync(path.resolve("messages", `${tag}.json`), "utf8")).document.explain;

/** The literal text of every message under a catalogue subtree, each piece between placeholders on its own. */
function literals(tree: Record<string, unknown>): string[] {
  const out: string[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const e of elements) {
      if (e.type === TYPE.literal) out.push(...e.value.split(/[:;()–·]/).map((s) => s.trim()));
      if (e.type === TYPE.plural || e.type === TYPE.select) for (const o of Object.values(e.options)) walk(o.value);
    }
  };
  for (const v of Object.values(tree)) {
    if (typeof v === "string") walk(parse(v));
    else out.push(...literals(v as Record<string, unknown>));
  }
  return out;
}

/**
 * English's sentences and phrases of the report (two words or more) that the other language's
 * catalogue does not also write: none of them may be left in that language's report, unless the
 * trace itself recorded them (an engine message's "alt text" is quoted as recorded).
 */
function englishLeftIn(text: string, locale: SupportedLocale): string[] {
  const theirs = literals(catalogue(locale)).join("\n");
  const recorded = JSON.stringify(trace);
  const flat = collapse(text);
  return [...new Set(literals(catalogue("en-GB")))]
    .filter((s) => /[A-Za-z]{3,} [A-Za-z]{2,}/.test(s) && !theirs.includes(s) && !recorded.includes(s))
    .filter((s) => flat.includes(s));
}

const collapse = (s: string) => s.replace(/\s+/g, " ");
/** The English of two of the trace's messages, which the API answers and a report in another language does not show. */
const ENGLISH_MESSAGES = ["has no value in the record; it was left blank", "has no alt text", "rendered as empty text"];
/** Arabic as pdftotext gives it back, compared without spaces, marks and the letters whose joined forms it writes apart (pdf-languages.test.ts). */
const arabic = (s: string) => s.replace(/[\s\u202a-\u202e\u2066-\u2069]|\p{Mn}/gu, "").replace(/[\u0622\u0623\u0625\u0627\u0644]/g, "");
const pdfLanguage = async (pdf: Uint8Array) =>
  ((await PDFDocument.load(pdf, { updateMetadata: false })).catalog.lookup(PDFName.of("Lang"), PDFString) as PDFString).decodeText();

async function expectWithinMargins(pdf: Uint8Array) {
  const words = await pdfWordBoxes(pdf);
  expect(words.length).toBeGreaterThan(0);
  for (const w of words) {
    expect(w.xMin, w.text).toBeGreaterThanOrEqual(REPORT_MARGIN - 0.5);
    expect(w.xMax, w.text).toBeLessThanOrEqual(w.pageWidth - REPORT_MARGIN + 0.5);
  }
}

describe("the explain report", () => {
  it("in French: Sealpost's sentences, numbers and moments in French, none of English's; /Lang fr; PDF/UA; inside the margins", async () => {
    const fr = translatorFor("fr");
    for (const mode of ["summary", "detailed"] as const) {
      const pdf = await report(mode, "fr");
      const text = collapse(await pdfText(pdf));
      expect(text).toContain(collapse(fr("document.explain.heading.report", { mode })));
      expect(text).toContain(collapse(fr("document.explain.render.batchRecord", { index: 5, batch: "batch-0031" })));
      expect(text).toContain(collapse(momentText("2026-11-23T10:05:00.000Z", "fr")));
      expect(text).toContain(collapse(fr("document.explain.finding.recovery", { recovery: fr("trace.recovery.emptyText") })));
      // The trace's messages Sealpost wrote are in French too; the English it keeps for the API is not shown.
      expect(text).toContain(collapse(fr("trace.binding.missing", { token: "{{nickname}}" })));
      expect(text).toContain(collapse(fr("trace.accessibility.imageWithoutAlt", { image: "images/banner.png" })));
      for (const english of ENGLISH_MESSAGES) expect(text).not.toContain(english);
      expect(englishLeftIn(text, "fr")).toEqual([]);
      expect(await pdfLanguage(pdf)).toBe("fr");
      expect((await checkPdfUa(pdf)).failures).toEqual([]);
      await expectWithinMargins(pdf);
    }
    // The check finds what it looks for: the English report is full of English.
    expect(englishLeftIn(await pdfText(await report("summary", "en-GB")), "fr").length).toBeGreaterThan(10);
    const detailed = collapse(await pdfText(await report("detailed", "fr")));
    expect(detailed).toContain(collapse(fr("document.explain.layout.event.wrappedAcrossPages")));
    expect(detailed).toMatch(/\d+,\d ms/); // a French decimal comma
  }, 60_000);

  it("in Arabic: the catalogue's words in reading order, laid out from the right margin, none of English's; /Lang ar; PDF/UA", async () => {
    const ar = translatorFor("ar");
    for (const mode of ["summary", "detailed"] as const) {
      const pdf = await report(mode, "ar");
      const raw = await pdfText(pdf);
      const text = arabic(raw);
      for (const key of [
        "document.explain.intro",
        "document.explain.heading.overview",
        "document.explain.heading.timings",
        "document.explain.heading.scorecard",
        "document.explain.scorecard.headings",
      ] as const)
        expect(text).toContain(arabic(ar(key)));
      expect(text).toContain(arabic(ar("document.explain.heading.report", { mode })));
      // The trace's messages in Arabic: each run of Arabic around the value ({{nickname}}, the image's path) as poppler reads it back.
      for (const [key, value] of [
        ["trace.binding.missing", { token: "{{nickname}}" }],
        ["trace.accessibility.imageWithoutAlt", { image: "images/banner.png" }],
      ] as const)
        for (const part of ar(key, { [Object.keys(value)[0]]: "\u0000" } as never).split("\u0000")) expect(text).toContain(arabic(part));
      for (const english of ENGLISH_MESSAGES) expect(collapse(raw)).not.toContain(english);
      expect(englishLeftIn(raw, "ar")).toEqual([]);
      // The title's words end at the right margin: the line is laid out from the right.
      const words = await pdfWordBoxes(pdf);
      const first = words.filter((w) => w.page === 1 && Math.abs(w.yMin - words[0].yMin) < 1);
      expect(Math.max(...first.map((w) => w.xMax))).toBeCloseTo(first[0].pageWidth - REPORT_MARGIN, 0);
      expect(await pdfLanguage(pdf)).toBe("ar");
      expect((await checkPdfUa(pdf)).failures).toEqual([]);
      await expectWithinMargins(pdf);
    }
  }, 60_000);

  it.each(LOCALES.map((l) => l.tag).filter((tag) => !tag.startsWith("en")))(
    "in %s: the detailed report with none of English's sentences, inside the margins",
    async (locale) => {
      const pdf = await report("detailed", locale);
      expect(englishLeftIn(await pdfText(pdf), locale)).toEqual([]);
      expect(await pdfLanguage(pdf)).toBe(locale);
      await expectWithinMargins(pdf);
    },
    30_000,
  );

  it("in Japanese: sentences without spaces broken inside the column, /Lang ja, PDF/UA", async () => {
    const ja = translatorFor("ja");
    const pdf = await report("detailed", "ja");
    const text = (await pdfText(pdf)).replace(/\s+/g, "");
    expect(text).toContain(ja("document.explain.intro").replace(/\s+/g, ""));
    expect(text).toContain(ja("document.explain.heading.layoutDecisions"));
    expect(englishLeftIn(await pdfText(pdf), "ja")).toEqual([]);
    expect(await pdfLanguage(pdf)).toBe("ja");
    expect((await checkPdfUa(pdf)).failures).toEqual([]);
    await expectWithinMargins(pdf);
  }, 60_000);
});
