import fc from "fast-check";
import { PDFDocument } from "pdf-lib";
import { expect, it } from "vitest";
import { readCorrelationId } from "@/lib/pdf/metadata";
import { renderReceipt } from "@/lib/pdf/receipt";
import { pdfPageTexts } from "../support/pdf";
import { readFileLayout } from "../support/pdf-structure";
import { expectQpdfClean } from "../support/pdf-tools";

// Every Sealpost PDF is written by pdfkit with Sealpost's object-stream writer
// (patches/pdfkit+0.20.1.patch): read back here by qpdf, pdf-lib and poppler, none of which wrote it.

const receipt = (title: string, correlationId: string, flagged: number) =>
  renderReceipt({
    batchId: "batch-0001",
    correlationId,
    title,
    templatePath: "notice.md",
    submittedBy: "a@b.c",
    submittedAt: "2026-11-28T10:00:00.000Z",
    state: "invalid",
    readiness: "INVALID",
    counts: { total: flagged, ready: 0, warning: 0, invalid: flagged },
    records: Array.from({ length: flagged }, (_, i) => ({
      index: i,
      status: "invalid" as const,
      messages: [`record ${i + 1}: amount must be at most 10`],
      fileName: `f-${i}.pdf`,
    })),
  });

it("keeps any title and correlation id as given, in the Info dictionary and the XMP, in a file qpdf finds whole (generated)", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.string({ unit: "grapheme", maxLength: 60 }),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
      async (title, correlationId) => {
        const pdf = await receipt(title, correlationId, 1);
        expectQpdfClean(pdf);
        const doc = await PDFDocument.load(pdf, { updateMetadata: false });
        expect(doc.getTitle()).toBe(`Intake receipt – ${title}`);
        expect(await readCorrelationId(pdf)).toBe(correlationId);
      },
    ),
    { numRuns: 20 },
  );
});

it("writes a long document whole: offsets past 64 KB and an object stream of hundreds of objects, every page numbered", async () => {
  const pdf = await receipt("Long", "long-1", 600);
  // So that the cross-reference stream needs three bytes for an offset and two for an index.
  expect(pdf.byteLength).toBeGreaterThan(65_536);
  expectQpdfClean(pdf);
  expect((await readFileLayout(pdf)).packed).toBeGreaterThan(256);
  const pages = await pdfPageTexts(pdf);
  expect(pages.length).toBe((await PDFDocument.load(pdf)).getPageCount());
  pages.forEach((text, i) => expect(text).toMatch(new RegExp(`page ${i + 1} of ${pages.length}$`)));
  expect(pages.join(" ")).toContain("record 600: amount must be at most 10");
});
