import { describe, expect, it } from "vitest";
import { assembleTrace } from "@/lib/explain/assemble-trace";
import type { RenderFacts } from "@/lib/explain/facts";
import { traceText, reportLanguage } from "@/lib/explain/report/report-facts";
import { isolatedRuns } from "@/lib/i18n/isolate";
import { LOCALES } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { words } from "@/lib/i18n/words";
import { asItIs, wordsText } from "@/lib/i18n/words-text";

/**
 * Every message Sealpost writes into an explain trace carries its words (`trace.*`), and they are a
 * whole sentence in every language: facts made by hand so that each kind of message is found once.
 */
const token = (t: string, valueType: RenderFacts["binding"]["tokens"][number]["valueType"], extra = {}) => ({
  token: t,
  source: valueType === "missing" ? null : t,
  valueType,
  length: valueType === "string" ? 0 : 2,
  line: 3,
  ...extra,
});

const facts: RenderFacts = {
  binding: {
    tokens: [
      token("nickname", "missing"),
      token("note", "string"),
      token("name", "number", { length: 4, undrawable: ["U+10FFFD", "U+E000"] }),
      token("items", "array"),
      token("address", "object"),
    ],
    sections: [
      { key: "lines", items: 0, status: "missing", line: 8 },
      { key: "terms", items: 0, status: "not-a-list", line: 9 },
      { key: "rows", items: 0, status: "unclosed", line: 10 },
    ],
    conditions: [],
  },
  elements: [
    { id: "h1", kind: "heading", depth: 1, excerpt: "Invoice", line: 1 },
    { id: "h3", kind: "heading", depth: 3, excerpt: "Terms", line: 5 },
    { id: "h1b", kind: "heading", depth: 1, excerpt: "Annex", line: 7 },
    { id: "img", kind: "image", url: "images/banner.png", alt: "", included: true, line: 12 },
  ],
  layout: {
    pages: [{ page: 1, elementCount: 4, nodeCount: 20, contentTop: 40, contentBottom: 800, usedBottom: 400 }],
    placements: {},
    order: [],
    overflows: [],
    clipped: [],
    images: [],
    colours: [
      { foreground: "#999999", background: "#ffffff", minFontSize: 10, bold: false, runs: 2, ids: ["p1"] },
      { foreground: "#cccccc", background: "#ffffff", minFontSize: 20, bold: false, runs: 1, ids: ["h1"] },
    ],
    styles: {},
  },
  captureMs: 1,
  pdfUa: {
    passed: false,
    rulesChecked: 10,
    failures: [
      {
        rule: "7.1-3" as never,
        description: "Content is neither marked as Artifact nor tagged as real content",
        count: 1,
        first: "page 1",
      },
      { rule: "7.18.1-2" as never, description: "An annotation has no Contents entry", count: 3, first: "page 2" },
    ],
  },
};

const trace = assembleTrace({
  correlationId: "words-1",
  tenantId: "acme",
  kind: "single",
  requestedBy: "preview",
  template: null,
  facts,
  failure: null,
  recordWarnings: [
    { fieldKey: "amount", message: "amount: must be at most 100", words: words("finding.field.atMost", { label: "Amount", limit: 100 }) },
    { fieldKey: "note", message: "note: a warning kept before its words were" },
  ],
  createdAt: new Date("2026-11-23T10:00:00Z"),
});

/** The messages Sealpost writes itself (`trace.*`); a field rule's warning has intake's words, a render's failure the engine's English. */
const SEALPOST_CODES = [
  "binding.missing",
  "binding.empty",
  "text.glyph_missing",
  "binding.structured_value",
  "binding.section_missing",
  "binding.section_not_a_list",
  "binding.section_unclosed",
  "a11y.heading_level_skipped",
  "a11y.multiple_top_headings",
  "a11y.image_without_alt",
  "a11y.contrast_insufficient",
  "a11y.pdf_ua_rule_failed",
];

describe("an explain trace's words", () => {
  it("are carried by every message Sealpost writes, and its recovery, beside the English", () => {
    const codes = new Set(trace.messages.map((m) => m.code));
    for (const code of SEALPOST_CODES) expect(codes, code).toContain(code);
    for (const m of trace.messages.filter((x) => SEALPOST_CODES.includes(x.code))) {
      expect(m.words, m.code).toBeDefined();
      expect(m.words!.key.startsWith("trace."), m.code).toBe(true);
      expect(!!m.recoveryWords, m.code).toBe(!!m.recovery);
    }
    // A field rule's warning is said as intake says it; one without words keeps its English.
    const warnings = trace.messages.filter((m) => m.code === "record.field_warning");
    expect(warnings.map((m) => m.words?.key)).toEqual(["finding.field.atMost", undefined]);
  });

  it("say in English what the English message says", () => {
    const en = reportLanguage("en-GB");
    // Apart from the typographic apostrophe of veraPDF’s, and characters listed as English lists them ("a and b").
    const same = (code: string) => code !== "a11y.pdf_ua_rule_failed" && code !== "text.glyph_missing";
    for (const m of trace.messages.filter((x) => SEALPOST_CODES.includes(x.code) && same(x.code))) {
      expect(traceText(en, m.words, m.message), m.code).toBe(m.message);
      if (m.recovery) expect(traceText(en, m.recoveryWords, m.recovery), m.code).toBe(m.recovery);
    }
  });

  it.each(LOCALES.map((l) => l.tag))("format in %s with every value in place and no placeholder left", (tag) => {
    const t = translatorFor(tag);
    for (const m of trace.messages) {
      for (const w of [m.words, m.recoveryWords]) {
        if (!w) continue;
        const pdf = wordsText(t, tag, w, asItIs);
        const texts = Object.values(w.values).filter((v): v is string => typeof v === "string" && v !== "");
        for (const v of texts) expect(pdf, `${tag} ${w.key}`).toContain(v);
        // What is left once the values are taken out is the sentence: no placeholder, no brace.
        expect(
          texts.reduce((rest, v) => rest.split(v).join(""), pdf),
          `${tag} ${w.key}`,
        ).not.toMatch(/[{}]/);
        expect(pdf, `${tag} ${w.key}`).not.toBe(w.key);
        // On a page each inserted text is isolated, so that it keeps its own direction.
        const isolated = isolatedRuns(wordsText(t, tag, w))
          .filter((r) => r.isolated)
          .map((r) => r.text);
        for (const v of texts) expect(isolated, `${tag} ${w.key}`).toContain(v);
      }
    }
  });
});
