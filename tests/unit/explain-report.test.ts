import path from "node:path";
import fc from "fast-check";
import { PDFDocument, PDFName } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Trace } from "@/lib/explain/assemble-trace";
import { contrastRatio } from "@/lib/explain/contrast";
import { REPORT_COLOURS, REPORT_MARGIN } from "@/lib/explain/report/report-document";
import { checkPdfUa } from "@/lib/pdf/pdf-ua/check-pdf-ua";
import { scorecard, styleGroups, tokenGroups, type ReportMode } from "@/lib/explain/report/report-facts";
import { renderExplainReport } from "@/lib/explain/report/render-report";
import { resetEnvCache } from "@/lib/env";
import { readCorrelationId } from "@/lib/pdf/metadata";
import { hostileString } from "../support/hostile";
import { auditTrace } from "../support/explain-audit-trace";
import { pdfText, pdfWordBoxes } from "../support/pdf";
import { allNodes, readStructure, textOf, type StructNode } from "../support/pdf-structure";

let trace: Trace;
let lines: Record<number, string>;

beforeAll(async () => {
  process.env.TEMPLATES_DIR = path.resolve("tests/fixtures/templates");
  resetEnvCache();
  ({ trace, lines } = await auditTrace({ kind: "single" }));
});
afterAll(() => {
  delete process.env.TEMPLATES_DIR;
  resetEnvCache();
});

const report = (mode: ReportMode, opts: { scorecard?: boolean; trace?: Trace; lines?: Record<number, string> | null } = {}) =>
  renderExplainReport({
    trace: opts.trace ?? trace,
    mode,
    scorecard: opts.scorecard ?? true,
    templateLines: opts.lines === undefined ? lines : opts.lines,
    generatedAt: "2026-11-23T10:05:00.000Z",
  });

/** No word of any page reaches into the side margins or off the page. */
async function expectWithinMargins(pdf: Uint8Array) {
  const words = await pdfWordBoxes(pdf);
  expect(words.length).toBeGreaterThan(0);
  for (const w of words) {
    expect(w.pageWidth).toBeCloseTo(419.53, 1); // A5
    expect(w.xMin, w.text).toBeGreaterThanOrEqual(REPORT_MARGIN - 0.5);
    expect(w.xMax, w.text).toBeLessThanOrEqual(w.pageWidth - REPORT_MARGIN + 0.5);
    expect(w.yMax, w.text).toBeLessThanOrEqual(w.pageHeight);
  }
}

describe("what the reports say", () => {
  it("scores the fixture's faults: the skipped heading level (in the PDF's tags too), the low contrast, half the images without alt text", () => {
    const [headings, contrast, pdfUa, alt] = scorecard(trace);
    // Read from the finished PDF: its H3 follows its H1. The image without alt text is drawn as
    // decoration (an artifact), which PDF/UA allows; the contrast is for a person to judge.
    expect(pdfUa).toMatchObject({
      check: "PDF/UA (ISO 14289-1)",
      result: "FAIL",
      failed: true,
      detail: "7.4.2-1 Headings start at H1 and skip no level going down (an H3 after an H1)",
    });
    expect(trace.messages).toContainEqual(expect.objectContaining({ code: "a11y.pdf_ua_rule_failed", severity: "warning" }));
    expect(headings).toMatchObject({ check: "Heading hierarchy", result: "FAIL", failed: true });
    expect(headings.detail).toBe("level 3 follows level 1 (line 27)");
    expect(contrast).toMatchObject({ check: "Text contrast", result: "FAIL", failed: true });
    expect(contrast.detail).toContain("#b8b8b8 on #ffffff: 1.98:1, large text");
    expect(alt).toMatchObject({ check: "Alt-text coverage", result: "50 % FAIL", failed: true, detail: "1 of 2 images described" });
  });

  it("passes a clean outline and full alt text, and says when there is nothing to check", () => {
    const clean: Trace = structuredClone(trace);
    clean.accessibility.headings = {
      outline: [
        { depth: 1, text: "# A" },
        { depth: 2, text: "## B" },
      ],
      skippedLevels: [],
      topLevelCount: 1,
      startsBelowTop: false,
      result: "PASS",
    };
    clean.accessibility.images = { total: 0, withAlt: 0, withoutAlt: [], altCoveragePercent: null };
    clean.accessibility.pdfUa = { passed: true, rulesChecked: 33, failures: [] };
    const [headings, , pdfUa, alt] = scorecard(clean);
    expect(pdfUa).toMatchObject({
      result: "PASS",
      failed: false,
      detail: "the 33 rules a machine can decide pass (by veraPDF’s rule ids)",
    });
    expect(headings).toMatchObject({ result: "PASS", failed: false, detail: "2 headings, no level skipped, one top heading" });
    expect(alt).toMatchObject({ result: "NONE", failed: false, detail: "no images" });
    clean.accessibility.images = { total: 2, withAlt: 2, withoutAlt: [], altCoveragePercent: 100 };
    expect(scorecard(clean)[3]).toMatchObject({ result: "100 % PASS", failed: false, detail: "2 of 2 images described" });
    clean.accessibility.pdfUa = null;
    expect(scorecard(clean)[2]).toMatchObject({ result: "NONE", failed: false });
  });

  it("writes a repeated token once with its count and first and last source, and identical styling once", () => {
    const amount = tokenGroups(trace).find((g) => g.token === "amount")!;
    expect(amount).toEqual({
      token: "amount",
      line: 33,
      occurrences: 60,
      sources: "items[0].amount … items[59].amount",
      valueTypes: ["number"],
    });
    expect(tokenGroups(trace).find((g) => g.token === "nickname")).toMatchObject({
      occurrences: 1,
      sources: "no value",
      valueTypes: ["missing"],
    });
    const groups = styleGroups(trace);
    expect(groups.reduce((n, g) => n + g.elements.length, 0)).toBe(trace.styling!.elements.length);
    expect(groups.length).toBeLessThan(trace.styling!.elements.length / 3);
  });

  it("uses only colours that pass AAA on white, footer included", () => {
    for (const [name, colour] of Object.entries(REPORT_COLOURS)) {
      if (name === "rule") continue; // a hairline, not text
      expect(contrastRatio(colour, "#ffffff"), name).toBeGreaterThanOrEqual(7);
    }
  });
});

describe("the PDFs", () => {
  it("summary: outcome, timings, the findings with their template lines, and the scorecard, read back by pdftotext", async () => {
    const pdf = await report("summary");
    const text = await pdfText(pdf);
    expect(text).toContain("Explain report: summary");
    expect(text).toMatch(/Rendered 2 pages in \d+(\.\d)? ms\. Errors: 0, warnings: 5, notes: 3\./);
    for (const stage of ["Template load", "Data binding", "Layout"]) expect(text).toContain(stage);
    // Nothing follows layout since the page numbers and metadata are written in it; a trace recorded before still shows that stage.
    expect(text).not.toContain("Post-processing");
    const older = await pdfText(
      await report("summary", { trace: { ...trace, performance: { ...trace.performance, postProcessingMs: 2.5 } } }),
    );
    expect(older).toContain("Post-processing (page numbers, metadata) 2.5 ms");
    expect(text).toMatch(/Heading hierarchy FAIL level 3 follows level 1 \(line 27\)/);
    expect(text).toMatch(/Text contrast FAIL/);
    expect(text).toMatch(/PDF\/UA \(ISO 14289-1\) FAIL 7\.4\.2-1 Headings start at H1 and skip no level going down \(an H3 after an H1\)/);
    expect(text).toMatch(/Alt-text coverage 50 % FAIL 1 of 2 images described/);
    expect(text).toContain(
      "WARNING binding.missing {{nickname}} has no value in the record; it was left blank Template line 29: Customer {{customerId}} ({{nickname}}) has the following items.",
    );
    expect(text).toContain("Instead of failing: rendered as empty text");
    expect(text).not.toContain("Data binding Binding time"); // the detailed sections are not in the summary
    expect(text).toMatch(/page 1 of \d/);
    expect(await readCorrelationId(pdf)).toBe("report-1");
    await expectWithinMargins(pdf);
  });

  it("summary without the accessibility feature: no scorecard, and the reader is told why", async () => {
    const text = await pdfText(await report("summary", { scorecard: false }));
    expect(text).not.toMatch(/Heading hierarchy (PASS|FAIL)/);
    expect(text).toContain("comes with the accessibility feature");
  });

  it("detailed: every stage, the per-page table, styling decisions, data provenance and all messages, with bookmarks", async () => {
    const pdf = await report("detailed");
    const text = await pdfText(pdf);
    for (const heading of ["All messages", "Template", "Data binding", "Layout", "Styling decisions", "Accessibility details"])
      expect(text).toContain(heading);
    expect(text).toContain("Version (SHA-256)");
    expect(text).toContain("{{amount}} items[0].amount … items[59].amount (60 times), number");
    expect(text).toContain("{{#items}} expanded, 60 items (line 31)");
    expect(text).toMatch(/Page Blocks Height used Time 1 \d+ [\d.]+ of [\d.]+ pt/);
    expect(text).toContain("Wrapped across pages Pages 1, 2: list");
    expect(text).toContain("headingColor: #b8b8b8 (front matter style.headingColor)");
    expect(text).toContain("NOTE layout.image_scaled");
    expect(text).toMatch(/FAIL #b8b8b8 on #ffffff: 1\.98:1/);
    expect(text).toContain("H3 ### Details (line 27)");
    const doc = await PDFDocument.load(pdf);
    expect(doc.catalog.get(PDFName.of("Outlines"))).toBeDefined(); // bookmarks to each section
    expect(doc.getPage(0).getWidth()).toBeCloseTo(419.53, 1);
    await expectWithinMargins(pdf);
  });

  it("is a tagged PDF: the summary reads as headings, the overview and scorecard as tables with row headers, findings as paragraphs; only the footer and page numbers are left out", async () => {
    const pdf = await report("summary");
    const [root] = await readStructure(pdf);
    expect(root.type).toBe("Document");
    const headings = allNodes(root.children)
      .filter((n) => /^H\d$/.test(n.type))
      .map((n) => `${n.type} ${textOf(n)}`);
    expect(headings).toEqual([
      "H1 Explain report: summary",
      "H2 Overview",
      "H2 Time per stage",
      "H2 Accessibility scorecard",
      "H2 What needs attention",
    ]);
    const [overview, timings, scores] = allNodes(root.children).filter((n) => n.type === "Table");
    const rowHeaders = (t: StructNode) =>
      t.children.map((r) =>
        r.children
          .filter((c) => c.type === "TH" && c.attributes.includes("/Scope /Row"))
          .map(textOf)
          .join(),
      );
    expect(rowHeaders(overview).slice(0, 3)).toEqual(["Outcome", "Render", "Correlation id"]);
    expect(rowHeaders(timings)).toContain("Total");
    expect(textOf(scores)).toMatch(/Heading hierarchy FAIL/);
    const treeText = textOf(root);
    const pageNumbers = (await pdfText(pdf)).match(/page \d+ of \d+/g)!.join(" ");
    const artifacts = new Set(`Explain summary · report-1 ${pageNumbers}`.split(" "));
    expect((await pdfText(pdf)).split(" ").filter((w) => !artifacts.has(w) && !treeText.includes(w))).toEqual([]);
    expect((await checkPdfUa(pdf)).failures).toEqual([]);
  });

  it("is a tagged PDF in detail too: every section heading, the per-page table with column headers; PDF/UA", async () => {
    const detailed = await report("detailed");
    expect((await checkPdfUa(detailed)).failures).toEqual([]);
    const [root] = await readStructure(detailed);
    const h2 = allNodes(root.children)
      .filter((n) => n.type === "H2")
      .map(textOf);
    expect(h2).toEqual([
      "Overview",
      "Time per stage",
      "Accessibility scorecard",
      "All messages",
      "Template",
      "Data binding",
      "Layout",
      "Styling decisions",
      "Accessibility details",
    ]);
    const pages = allNodes(root.children)
      .filter((n) => n.type === "Table")
      .find((t) => textOf(t.children[0]).startsWith("Page"))!;
    expect(pages.children[0].children.map((c) => `${c.type} ${c.attributes.join(" ")} ${textOf(c)}`)).toEqual(
      ["Page", "Blocks", "Height used", "Time"].map((h) => `TH /Scope /Column ${h}`),
    );
  });

  it("detailed: the stages listed above Total add up to it; the trace's own time stands apart, each row saying whether the total holds it", async () => {
    const [root] = await readStructure(await report("detailed"));
    const rows = (t: StructNode) =>
      t.children.map((tr) =>
        allNodes(tr.children)
          .filter((c) => c.type === "TH" || c.type === "TD")
          .map(textOf),
      );
    const tables = allNodes(root.children).filter((n) => n.type === "Table");
    const stages = rows(tables.find((t) => rows(t)[0]?.[0] === "Template load")!);
    const msOf = (text: string) => Number(/^([\d.]+) ms$/.exec(text)![1]);
    const [, totalText] = stages.find(([stage]) => stage === "Total")!;
    const parts = stages.filter(([stage]) => stage !== "Total");
    expect(parts.map(([stage]) => stage)).toEqual(["Template load", "Data binding", "Layout"]);
    // Each figure is rounded to 0.1 ms, or to the whole ms from 100 up: the sum may differ by those roundings.
    const rounding = (ms: number) => (ms >= 100 ? 0.5 : 0.05);
    const slack = [...parts.map(([, ms]) => msOf(ms)), msOf(totalText)].reduce((n, ms) => n + rounding(ms), 0);
    expect(Math.abs(parts.reduce((n, [, ms]) => n + msOf(ms), 0) - msOf(totalText))).toBeLessThanOrEqual(slack + 1e-9);
    const own = rows(tables.find((t) => rows(t)[0]?.[0]?.startsWith("Trace capture"))!);
    expect(own.map(([stage]) => stage)).toEqual([
      "Trace capture during binding and layout (included above)",
      "PDF/UA check after the render (not in the total)",
      "Trace assembly after the render (not in the total)",
    ]);
    // The capture runs inside binding and layout, so it can never exceed them.
    const p = trace.performance;
    expect(p.captureInRenderMs!).toBeLessThanOrEqual(p.dataBindingMs! + p.layoutMs!);
    expect(p.pdfUaCheckMs).toBeGreaterThan(0);
  });

  it("gives line numbers alone when the template's text is gone", async () => {
    const text = await pdfText(await report("summary", { lines: null }));
    expect(text).toContain("Template line 29 ");
    expect(text).not.toContain("Customer {{customerId}}");
  });

  it("lays out any trace text (ids, titles, URLs, messages, template lines) inside the margins without failing", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileString,
        hostileString,
        hostileString,
        fc.string({ minLength: 50, maxLength: 400 }),
        async (id, title, message, long) => {
          const t: Trace = structuredClone(trace);
          t.correlationId = id.replace(/[\ud800-\udfff]/g, "") || "x"; // stored ids never hold lone surrogates (request checks)
          t.template!.title = title;
          t.template!.path = long;
          t.messages.unshift({ severity: "error", code: "render.failed", message: `${message} ${long}`, line: 2, recovery: long });
          t.layout.events[0].element = long;
          const hostileLines = { ...lines, 2: long };
          for (const mode of ["summary", "detailed"] as const) {
            const pdf = await report(mode, { trace: t, lines: hostileLines });
            expect(await readCorrelationId(pdf)).toBe(t.correlationId);
            await expectWithinMargins(pdf);
          }
        },
      ),
      // A failure is reported as found: shrinking re-renders both reports hundreds of times and, on a
      // busy machine, can run into the test's timeout, which would hide the counterexample.
      { numRuns: 12, endOnFailure: true },
    );
  }, 120_000);
});
