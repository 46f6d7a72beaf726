import type { Batch } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { Tx } from "@/lib/db/client";
import { enqueueMails, type OutgoingMail } from "@/lib/mail/outbox";
import { plural } from "@/lib/plural";

/** The mail asking one approver to decide a batch (a function of its own so that its words can be tested without a database). */
export function approvalRequestMail(batch: Batch, to: string): OutgoingMail {
  const link = new URL(`/console/batches/${batch.id}`, env().PUBLIC_BASE_URL).toString();
  return {
    tenantId: batch.tenantId,
    dedupeKey: `batch-approval:${batch.id}:${to}`,
    to,
    subject: `Approval needed: ${batch.title} (${plural(batch.documentCount, "document")})`,
    text: [
      `${batch.submittedBy} submitted the batch "${batch.title}" for approval.`,
      ``,
      `Documents: ${batch.documentCount.toLocaleString("en-GB")} (${batch.warningCount.toLocaleString("en-GB")} with warnings)`,
      `Template: ${batch.templatePath}`,
      `Batch id: ${batch.id}`,
      ``,
      `Review and decide: ${link}`,
      `or call POST /api/dispatch/batch/${batch.id}/decide with {"decision": "approve" | "reject" | "request-changes"}.`,
    ].join("\n"),
  };
}

export async function notifyApprovers(tx: Tx, batch: Batch): Promise<void> {
  await enqueueMails(
    tx,
    batch.approvers.map((to) => approvalRequestMail(batch, to)),
  );
}

export async function notifySubmitterOfChanges(tx: Tx, batch: Batch, decidedBy: string, comments: string | null): Promise<void> {
  if (!batch.submittedBy.includes("@")) return;
  await enqueueMails(tx, [
    {
      tenantId: batch.tenantId,
      dedupeKey: `batch-changes:${batch.id}:${batch.decidedAt?.toISOString() ?? ""}`,
      to: batch.submittedBy,
      subject: `Changes requested: ${batch.title}`,
      text: [`${decidedBy} asked for changes to the batch "${batch.title}" (${batch.id}).`, ``, comments ?? "(no comments)"].join("\n"),
    },
  ]);
}
