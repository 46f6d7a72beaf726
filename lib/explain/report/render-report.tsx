import { finishDocument } from "@/lib/pdf/footer";
import { setUpFonts } from "@/lib/pdf/fonts";
import { renderElement } from "@/lib/pdf/render-element";
import { ExplainReport, REPORT_COLOURS, REPORT_MARGIN, reportTitle, type ReportInput } from "./report-document";

/** An explain report laid out and finished like every Sealpost PDF (page numbers, XMP naming the traced render). */
export async function renderExplainReport(input: ReportInput): Promise<Uint8Array> {
  setUpFonts();
  const laidOut = await renderElement(<ExplainReport {...input} />);
  return finishDocument(laidOut, { correlationId: input.trace.correlationId, title: reportTitle(input.trace, input.mode) }, REPORT_MARGIN, { colour: REPORT_COLOURS.footer });
}
