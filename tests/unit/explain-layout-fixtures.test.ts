import { describe, expect, it } from "vitest";
import { assembleTrace } from "@/lib/explain/assemble-trace";
import renderTask from "@/lib/pdf/render-task";
import { layoutCases } from "../support/layout-cases";
import { pdfPageTexts } from "../support/pdf";
import { useTemplatesDir } from "../support/templates-dir";

useTemplatesDir();

/** A traced render of a case, as the render thread does it for POST /api/render, and the PDF's text per page. */
async function rendered(templatePath: string) {
  const c = layoutCases().find((x) => x.templatePath === templatePath)!;
  const r = await renderTask({ templatePath, record: c.record, meta: { correlationId: "c-layout", title: "t" }, explain: true });
  const trace = assembleTrace({
    correlationId: "c-layout",
    tenantId: "acme",
    kind: "single",
    requestedBy: "front matter explainDocument",
    template: r.template!,
    timings: r.timings,
    facts: r.explain,
    createdAt: new Date(),
  });
  return { c, trace, pages: await pdfPageTexts(r.pdf) };
}

const events = (trace: Awaited<ReturnType<typeof rendered>>["trace"]) =>
  trace.layout.events.map(({ kind, line, pages }) => ({ kind, line, pages }));

describe("layout events of real renders", () => {
  it("a heading left alone at the foot of page 1, its paragraph on page 2", async () => {
    const { c, trace, pages } = await rendered("layout/orphaned-heading.md");
    expect(events(trace)).toEqual(c.events);
    expect(pages[0]).toMatch(/Filler paragraph 32 keeps this page busy\. Terms c-layout page 1 of 2$/);
    expect(pages[1]).toMatch(/^These terms apply/);
  });

  it("a banner that does not fit the space left, moved whole to page 2", async () => {
    const { c, trace, pages } = await rendered("layout/moved-to-next-page.md");
    expect(events(trace)).toEqual(c.events);
    expect(trace.layout.events[0].detail).toBe(
      "did not fit in the 18.5 pt left on page 1 and could not be split there, so it starts page 2",
    );
    expect(pages[0]).toMatch(/Filler paragraph 33 keeps this page busy\. c-layout page 1 of 2$/);
    expect(trace.layout.pages[1]).toMatchObject({ page: 2, elementCount: 3 }); // banner, the line after it, the footer
  });

  it("a word wider than its table cell, measured against the text's own box; a long reference and a code line broken inside theirs", async () => {
    const { c, trace, pages } = await rendered("layout/text-overflow.md");
    expect(events(trace)).toEqual(c.events);
    // The cell is a fifth of 499.3 pt less 3 pt padding each side: 93.9 pt for a 177 pt word.
    expect(trace.layout.events[0].detail).toBe('a line runs 83.1 pt past its box ("WWWWWWWWWWWWWWWWWW")');
    // Broken over lines of its cell (pdftotext reads the next cells' text in between).
    expect(pages[0].replace(/\s+/g, "")).toMatch(/SEALPOST-REF.*ERENCE-0{20}-ABCDEFGHIJ/);
  });

  it("text react-pdf draws below the bottom margin, and an image it squeezes to nothing", async () => {
    const { c, trace, pages } = await rendered("layout/clipped.md");
    expect(events(trace)).toEqual(c.events);
    // The quote's lines are on page 1, after (below) the footer line: pdftotext reads by position.
    const footer = pages[0].indexOf("page 1 of 2");
    expect(footer).toBeGreaterThan(pages[0].indexOf("A quote inside a quote"));
    expect(pages[0].indexOf("over the footer.")).toBeGreaterThan(footer);
    expect(pages[1]).not.toContain("quote inside");
    expect(trace.messages).toContainEqual(expect.objectContaining({ code: "layout.clipped", severity: "warning", line: c.events[0].line }));
  });

  it("an image taller than a page, fitted into it out of proportion rather than clipped", async () => {
    const { c, trace } = await rendered("layout/tall-image.md");
    expect(events(trace)).toEqual(c.events);
    expect(trace.layout.events[0].detail).toMatch(/^drawn 200×689\.3 pt from 60×3000 px \(333 % wide, 23 % high\): out of proportion/);
    expect(trace.layout.pages[0].usedHeightPt).toBeLessThanOrEqual(trace.layout.pages[0].availableHeightPt);
  });
});
