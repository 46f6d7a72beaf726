import { getBlobStore } from "@/lib/blob/store";
import { decimalInteger } from "@/lib/http/decimal-integer";
import { canRenderPageImages, previewPages, renderPageImage, type PreviewPage } from "@/lib/pdf/page-images";
import type { DeliveredFile } from "./open-session";

/**
 * What the recipient's link serves beside its page: the PDF and pictures of its pages. Callers open
 * the session first (lib/delivery/open-session.ts: the token check and the recorded visit), so
 * nothing here is reachable without a valid, active link; nothing is cached, since every picture
 * shows the document itself.
 */

export const readDeliveredPdf = (file: DeliveredFile): Promise<Uint8Array | null> =>
  file.blobKey ? getBlobStore().get(file.blobKey) : Promise.resolve(null);

/**
 * The pages the recipient's page shows as pictures; null when they cannot be drawn here or the PDF
 * cannot be read, so that the page still offers the download.
 */
export async function deliveredPreview(file: DeliveredFile): Promise<{ pages: PreviewPage[]; total: number } | null> {
  if (!(await canRenderPageImages())) return null;
  try {
    const pdf = await readDeliveredPdf(file);
    return pdf && (await previewPages(pdf));
  } catch (err) {
    console.error(`recipient page preview of ${file.fileName}:`, err);
    return null;
  }
}

const pageSegment = decimalInteger({ min: 1, max: 999 });

/**
 * A picture's path segment as the page writes it: "1" to "999" in canonical decimal. Anything else
 * is no page (404) before the link is even looked at.
 */
export const previewPageNumber = (segment: string): number | null => pageSegment.safeParse(segment).data ?? null;

/** One page's PNG, or null when the page is not one the recipient's page shows. */
export async function deliveredPageImage(file: DeliveredFile, page: number): Promise<Buffer | null> {
  const pdf = await readDeliveredPdf(file);
  if (!pdf) return null;
  const { pages } = await previewPages(pdf);
  return page <= pages.length ? renderPageImage(pdf, page) : null;
}
