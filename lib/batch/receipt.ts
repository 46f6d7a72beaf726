import { tenantFolder } from "@/lib/blob/keys";
import type { Batch } from "@/lib/db/schema";
import { renderReceiptPdf } from "@/lib/pdf/render-pool";
import type { CheckedRecord, IntakeCheck } from "./validate-records";

/** The intake receipt lists every record classed ready, warning or invalid, with its messages. */
export function buildReceipt(batch: Batch, check: IntakeCheck): Promise<Uint8Array> {
  return renderReceiptPdf({
    batchId: batch.id,
    correlationId: batch.correlationId,
    title: batch.title,
    templatePath: batch.templatePath,
    submittedBy: batch.submittedBy,
    submittedAt: batch.createdAt.toISOString(),
    state: batch.state,
    readiness: batch.readiness as IntakeCheck["readiness"],
    counts: check.counts,
    records: check.records.map((r: CheckedRecord) => ({ index: r.index, status: r.status, messages: r.findings.map((f) => f.text), fileName: r.fileName })),
  });
}

export const receiptKey = (tenantId: string, batchId: string) => `${tenantFolder(tenantId)}/receipts/${batchId}.pdf`;
