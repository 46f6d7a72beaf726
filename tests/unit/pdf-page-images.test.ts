import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { DeadlineExceeded } from "@/lib/deadline";
import { previewPageNumber } from "@/lib/delivery/delivered-document";
import { PREVIEW_PAGE_CAP, PREVIEW_WIDTH, previewPages, renderPageImage } from "@/lib/pdf/page-images";

async function pdfOf(pages: number, size: [number, number] = [595, 842]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage(size).drawText(`page ${i + 1}`, { x: 50, y: 50 });
  return doc.save();
}

describe("pictures of a PDF's pages (the recipient's page)", () => {
  it("shows at most PREVIEW_PAGE_CAP pages and says how many there are, each sized to its page", async () => {
    const { pages, total } = await previewPages(await pdfOf(PREVIEW_PAGE_CAP + 2));
    expect(total).toBe(PREVIEW_PAGE_CAP + 2);
    expect(pages.map((p) => p.number)).toEqual(Array.from({ length: PREVIEW_PAGE_CAP }, (_, i) => i + 1));
    expect(pages[0]).toEqual({ number: 1, width: PREVIEW_WIDTH, height: Math.round((PREVIEW_WIDTH * 842) / 595) });
    expect((await previewPages(await pdfOf(1, [842, 595]))).pages[0].height).toBe(Math.round((PREVIEW_WIDTH * 595) / 842));
  });

  it("renders one page as a PNG of PREVIEW_WIDTH pixels, and gives up at its deadline", async () => {
    const pdf = await pdfOf(3);
    const png = await renderPageImage(pdf, 2);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(PREVIEW_WIDTH);
    await expect(renderPageImage(pdf, 1, 1)).rejects.toBeInstanceOf(DeadlineExceeded);
    await expect(renderPageImage(new TextEncoder().encode("not a pdf"), 1)).rejects.toThrow();
  });

  it("takes a page number only as the page writes it", () => {
    for (const ok of ["1", "9", "20", "999"]) expect(previewPageNumber(ok)).toBe(Number(ok));
    for (const bad of ["", "0", "01", "1000", "-1", "+1", "1e2", "1.0", "abc", "1/2", " 1"]) expect(previewPageNumber(bad), bad).toBeNull();
  });
});
