import { tenantFolder } from "@/lib/blob/keys";
import type { Batch } from "@/lib/db/schema";
import { mailLocale } from "@/lib/i18n/outside-locale";
import { translatorFor, type Translator } from "@/lib/i18n/translator";
import { renderReceiptPdf } from "@/lib/pdf/render-pool";
import type { Template } from "@/lib/templates/types";
import { asItIs, wordsText } from "@/lib/i18n/words-text";
import { recordDetails, type RecordDetails } from "./record-details";
import type { CheckedRecord, IntakeCheck } from "./validate-records";

const detailLines = (d: RecordDetails, t: Translator) => [
  ...d.fields.map((f) => t("document.receipt.detail", { label: f.label, value: f.value })),
  ...(d.recipients.length ? [t("document.receipt.recipients", { recipients: d.recipients.join("; ") })] : []),
];

/**
 * The intake receipt lists every record classed ready, warning or invalid, with its main fields,
 * recipients and findings (each written from its words, lib/i18n/words-text.ts); in the batch's language (the one its template names), else the tenant's
 * default (`tenantLocale`), else en-GB, in outsideLocale's order.
 */
export function buildReceipt(
  batch: Pick<Batch, "id" | "correlationId" | "title" | "templatePath" | "submittedBy" | "createdAt" | "state" | "readiness" | "locale">,
  check: IntakeCheck,
  template: Pick<Template, "fields" | "locale">,
  tenantLocale: string | null,
): Promise<Uint8Array> {
  const locale = mailLocale({ document: batch.locale, tenant: tenantLocale });
  const t = translatorFor(locale);
  return renderReceiptPdf({
    locale,
    batchId: batch.id,
    correlationId: batch.correlationId,
    title: batch.title,
    templatePath: batch.templatePath,
    submittedBy: batch.submittedBy,
    submittedAt: batch.createdAt.toISOString(),
    state: batch.state,
    readiness: batch.readiness as IntakeCheck["readiness"],
    counts: check.counts,
    records: check.records.map((r: CheckedRecord) => ({
      index: r.index,
      status: r.status,
      messages: r.findings.map((f) => wordsText(t, locale, f.words, asItIs)),
      fileName: r.fileName,
      details: detailLines(recordDetails(template, r.data), t),
    })),
  });
}

export const receiptKey = (tenantId: string, batchId: string) => `${tenantFolder(tenantId)}/receipts/${batchId}.pdf`;
