import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assembleTrace } from "@/lib/explain/assemble-trace";
import { ExplainCapture } from "@/lib/explain/capture";
import type { ElementFact, LayoutFacts } from "@/lib/explain/facts";
import { layoutEvents } from "@/lib/explain/layout-events";
import { layoutFacts } from "@/lib/explain/layout-facts";
import { explainRequestedBy } from "@/lib/explain/settings";
import { resetEnvCache } from "@/lib/env";
import { FOOTER_GREY } from "@/lib/pdf/footer-grey";
import renderTask from "@/lib/pdf/render-task";
import { bindBody } from "@/lib/templates/bind";
import { parseTemplate } from "@/lib/templates/load-template";

beforeAll(() => {
  process.env.TEMPLATES_DIR = path.resolve("tests/fixtures/templates");
  resetEnvCache();
});
afterAll(() => {
  delete process.env.TEMPLATES_DIR;
  resetEnvCache();
});

const items = Array.from({ length: 60 }, (_, i) => ({ label: `Item ${i + 1}`, amount: i * 10, currency: "EUR" }));
export const auditRecord = { customerId: "C100", name: "Ann *Smith*", items, terms: "These terms apply. ".repeat(30) };

describe("binding provenance", () => {
  it("names where every token's value came from, and what was missing, empty or not a list", async () => {
    const t = await parseTemplate(
      "p.md",
      [
        "---",
        "title: p",
        "---",
        "Hello {{name}} {{nick}} {{blank}} {{meta}}",
        "",
        "{{#orders}}",
        "",
        "Order {{id}} for {{name}}: {{#x}}",
        "",
        "{{#lines}}",
        "",
        "- {{sku}} of {{id}}",
        "",
        "{{/lines}}",
        "",
        "{{/orders}}",
        "",
        "{{#nothing}}",
        "",
        "x",
        "",
        "{{/nothing}}",
        "",
        "{{#scalar}}",
        "",
        "y",
        "",
        "{{/scalar}}",
        "",
        "{{#open}}",
      ].join("\n"),
    );
    const capture = new ExplainCapture(t);
    bindBody(t, { name: "Ann", blank: "", meta: { a: 1 }, scalar: 3, orders: [{ id: 7, lines: [{ sku: "A" }, { sku: "B" }] }] }, capture);
    const f = capture.facts();
    const at = (token: string) => f.binding.tokens.filter((x) => x.token === token).map((x) => [x.source, x.valueType, x.length]);
    expect(at("name")).toEqual([
      ["record.name", "string", 3],
      ["record.name", "string", 3],
    ]);
    expect(at("nick")).toEqual([[null, "missing", 0]]);
    expect(at("blank")).toEqual([["record.blank", "string", 0]]);
    expect(at("meta")).toEqual([["record.meta", "object", 7]]);
    expect(at("sku")).toEqual([
      ["orders[0].lines[0].sku", "string", 1],
      ["orders[0].lines[1].sku", "string", 1],
    ]);
    // Inside the inner section, `id` is not on the line item: it resolves on the order.
    expect(at("id")).toEqual([
      ["orders[0].id", "number", 1],
      ["orders[0].id", "number", 1],
      ["orders[0].id", "number", 1],
    ]);
    expect(f.binding.tokens.find((x) => x.token === "name")?.line).toBe(4); // a line of the file, front matter counted
    expect(f.binding.sections.map((s) => [s.key, s.status, s.items])).toEqual([
      ["orders", "expanded", 1],
      ["lines", "expanded", 2],
      ["nothing", "missing", 0],
      ["scalar", "not-a-list", 0],
      ["open", "unclosed", 0],
    ]);
  });
});

describe("a traced render of a document without faults", () => {
  it("passes its own contrast check: the built-in footer and page numbers included", async () => {
    const r = await renderTask({
      templatePath: "letter.md",
      record: { customerId: "C100", name: "Ann", amount: 12 },
      meta: { correlationId: "c-0", title: "t" },
      explain: true,
    });
    const trace = assembleTrace({
      correlationId: "c-0",
      tenantId: "acme",
      kind: "single",
      requestedBy: "features.explainDocument",
      template: r.template!,
      timings: r.timings,
      facts: r.explain,
      createdAt: new Date(),
    });
    const footer = trace.accessibility.contrast.pairs.find((p) => p.foreground === FOOTER_GREY);
    expect(footer).toMatchObject({ ratio: 7, level: "AAA", aa: true });
    expect(trace.accessibility.contrast.worst).not.toBe("FAIL");
    expect(trace.accessibility.pdfUa).toMatchObject({ passed: true, failures: [] });
  });

  it("leaves the PDF/UA check out, and the render whole, when the check cannot read the file", async () => {
    const capture = new ExplainCapture(await parseTemplate("p.md", "---\ntitle: p\n---\nHello"));
    await capture.checkPdf(new TextEncoder().encode("%PDF-1.7\nnot a PDF at all"));
    expect(capture.facts().pdfUa).toBeUndefined();
  });
});

describe("a traced render of the audit fixture", () => {
  it("reports the skipped heading, the image without alt, the low contrast, the missing field and the block split over pages", async () => {
    const r = await renderTask({
      templatePath: "explain-audit.md",
      record: auditRecord,
      meta: { correlationId: "c-1", title: "t" },
      explain: true,
    });
    const trace = assembleTrace({
      correlationId: "c-1",
      tenantId: "acme",
      kind: "single",
      requestedBy: "front matter explainDocument",
      template: r.template!,
      timings: r.timings,
      facts: r.explain,
      createdAt: new Date(),
    });

    expect(trace.template).toMatchObject({
      path: "explain-audit.md",
      version: r.template!.version,
      fields: expect.arrayContaining([{ key: "nickname", type: "string", required: false, label: "Nickname" }]),
    });
    expect(trace.dataBinding.missing).toEqual(["nickname"]);
    expect(trace.dataBinding.sections).toEqual([expect.objectContaining({ key: "items", items: 60, status: "expanded" })]);
    expect(trace.dataBinding.valuesKeptLiteral).toEqual(["name"]);
    expect(trace.accessibility.headings).toMatchObject({
      result: "FAIL",
      skippedLevels: [{ from: 1, to: 3, text: "### Details", line: 27 }],
    });
    expect(trace.accessibility.images).toMatchObject({
      total: 2,
      withAlt: 1,
      altCoveragePercent: 50,
      withoutAlt: [{ url: "images/banner.png", line: 25 }],
    });
    const headingPair = trace.accessibility.contrast.pairs.find((p) => p.foreground === "#b8b8b8");
    expect(headingPair).toMatchObject({ background: "#ffffff", ratio: 1.98, largeText: true, level: "FAIL", aa: false });
    expect(trace.accessibility.contrast.pairs.find((p) => p.foreground === "#1a1a1a")).toMatchObject({ level: "AAA", ratio: 17.4 });
    expect(trace.accessibility.contrast.worst).toBe("FAIL");
    expect(trace.layout.pageCount).toBe(2);
    const split = trace.layout.events.filter((e) => e.kind === "wrapped-across-pages");
    expect(split).toEqual([expect.objectContaining({ line: 33, pages: [1, 2] })]);
    expect(split[0].element).toBe('list "- {{label}}: {{amount}} {{currency}}"');
    expect(trace.layout.events.filter((e) => e.kind === "image-scaled")).toHaveLength(2);
    expect(trace.layout.pages.map((p) => p.elementCount).every((n) => n > 0)).toBe(true);
    const heading = trace.styling!.elements.find((e) => e.kind === "heading")!;
    expect(heading.style.color).toEqual({ value: "#b8b8b8", from: "front matter style.headingColor" });
    expect(heading.style.fontSize.value).toBe(22); // 2 × the front matter's 11
    expect(trace.styling!.page.textColor).toEqual({ value: "#1a1a1a", from: "built-in default of style.textColor" });
    const codes = trace.messages.map((m) => m.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        "binding.missing",
        "a11y.heading_level_skipped",
        "a11y.image_without_alt",
        "a11y.contrast_insufficient",
        "layout.wrapped_across_pages",
      ]),
    );
    expect(trace.performance.layoutMs).toBeGreaterThan(0);
    const json = JSON.stringify(trace);
    expect(json.includes("Smith") || json.includes("These terms")).toBe(false); // record values are not copied into traces
  });

  it("an untraced render carries no facts", async () => {
    const r = await renderTask({ templatePath: "explain-audit.md", record: auditRecord, meta: { correlationId: "c-2", title: "t" } });
    expect(Object.keys(r).sort()).toEqual(["pdf", "timings"]);
  });
});

describe("layout read-back", () => {
  const text = (id: string, top: number, height: number, extra: object = {}) => ({
    type: "TEXT",
    box: { top, left: 48, width: 100, height },
    props: { "data-explain": id },
    style: {},
    lines: [],
    ...extra,
  });
  const page = (children: object[]) => ({
    type: "PAGE",
    box: { top: 0, left: 0, width: 300, height: 400 },
    style: { paddingTop: 40, paddingBottom: 40 },
    children,
  });

  it("finds lines wider than their box and content below the bottom margin", () => {
    const wide = {
      lines: [{ string: "averyveryverylongword", xAdvance: 160, runs: [{ attributes: { color: "#333333", fontSize: 10 } }] }],
    };
    const f = layoutFacts({
      type: "DOCUMENT",
      children: [
        page([
          text("e1", 40, 20, wide),
          {
            type: "VIEW",
            box: { top: 60, left: 48, width: 100, height: 300 },
            props: { "data-explain": "e2" },
            style: {},
            children: [{ type: "TEXT", box: { top: 0, left: 0, width: 100, height: 330 }, style: {}, lines: [] }],
          },
        ]),
      ],
    } as never);
    expect(f.overflows).toEqual([{ id: "e1", page: 1, overflowPt: 60, lineExcerpt: "averyveryverylongword" }]);
    expect(f.clipped).toEqual([{ id: "e2", page: 1, beyondPt: 30 }]);
    expect(f.colours).toEqual([{ foreground: "#333333", background: "#ffffff", minFontSize: 10, bold: false, runs: 1, ids: ["e1"] }]);
  });

  it("reports a block pushed whole to the next page and a heading left at the foot of a page", () => {
    const els: ElementFact[] = [
      { id: "e1", kind: "paragraph" },
      { id: "e2", kind: "heading", depth: 2, excerpt: "Terms", line: 9 },
      { id: "e3", kind: "table", line: 11 },
    ];
    const layout: LayoutFacts = {
      pages: [
        { page: 1, elementCount: 2, nodeCount: 2, contentTop: 40, contentBottom: 360, usedBottom: 300 },
        { page: 2, elementCount: 1, nodeCount: 1, contentTop: 40, contentBottom: 360, usedBottom: 200 },
      ],
      placements: {
        e1: [{ page: 1, top: 40, bottom: 280 }],
        e2: [{ page: 1, top: 282, bottom: 300 }],
        e3: [{ page: 2, top: 40, bottom: 200 }],
      },
      order: ["e1", "e2", "e3"],
      overflows: [],
      clipped: [],
      images: [],
      colours: [],
      styles: {},
    };
    const events = layoutEvents(layout, els);
    expect(events.map((e) => [e.kind, e.elementId, e.pages])).toEqual(
      [
        ["orphaned-heading", "e2", [1]],
        ["moved-to-next-page", "e3", [2]],
      ].sort((a, b) => (a[1] < b[1] ? -1 : 1)),
    );
    expect(events.find((e) => e.kind === "moved-to-next-page")!.detail).toContain("60.0 pt left on page 1");
  });
});

describe("explain settings", () => {
  it("lets the request override the front matter, and writes no trace for a licence that cannot read it", () => {
    const premium = { tier: "premium" as const };
    expect(explainRequestedBy(premium, {}, { explainDocument: true })).toBe("front matter explainDocument");
    expect(explainRequestedBy(premium, { templateSettings: { explainDocument: false } }, { explainDocument: true })).toBeNull();
    expect(explainRequestedBy(premium, { features: { explainDocument: true } }, {})).toBe("features.explainDocument");
    expect(explainRequestedBy(premium, { templateSettings: { explainDocument: true }, features: { explainDocument: false } }, {})).toBe(
      "templateSettings.explainDocument",
    );
    expect(explainRequestedBy({ tier: "standard" }, { features: { explainDocument: true } }, {})).toBeNull();
    expect(explainRequestedBy(premium, {}, {})).toBeNull();
  });
});
