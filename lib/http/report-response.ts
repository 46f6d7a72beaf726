import type { ExplainReportPdf } from "@/lib/explain/report/get-report";
import { correlationHeader } from "./id-header";
import { pdfResponse } from "./pdf-response";

/**
 * The report as a PDF shown in the browser (inline). The file name is made here, never from the
 * correlation id; the id travels in X-Svc-CorrelationId, and when the report was made in
 * Last-Modified, with X-Svc-Report-Cache saying whether this request made it.
 */
export function reportResponse(report: ExplainReportPdf): Response {
  return pdfResponse(report.pdf, {
    inline: true,
    filename: `explain-${report.mode}.pdf`,
    headers: {
      ...correlationHeader(report.correlationId),
      "content-language": report.locale,
      "last-modified": report.generatedAt.toUTCString(),
      "x-svc-report-cache": report.cached ? "hit" : "miss",
    },
  });
}
