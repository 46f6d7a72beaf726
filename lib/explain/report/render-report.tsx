import { setUpFonts } from "@/lib/pdf/fonts";
import { renderElement } from "@/lib/pdf/render-element";
import { ExplainReport, type ReportInput } from "./report-document";

/** An explain report laid out and finished like every Sealpost PDF (page numbers, XMP naming the traced render). */
export async function renderExplainReport(input: ReportInput): Promise<Uint8Array> {
  setUpFonts();
  return renderElement(<ExplainReport {...input} />);
}
