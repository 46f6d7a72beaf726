import type { Batch } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { Tx } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/locales";
import { staffMailLocale } from "@/lib/i18n/staff-locale";
import { translatorFor } from "@/lib/i18n/translator";
import { enqueueMails, type OutgoingMail } from "@/lib/mail/outbox";
import { tenantDefaultLocale } from "@/lib/tenants/read";

/** The body a decision call takes, as the API reference writes it. */
const DECIDE_BODY = `{"decision": "approve" | "reject" | "request-changes"}`;

/**
 * The mail asking one approver to decide a batch, in `locale` (staffMailLocale: the approver works
 * for the sender). A function of its own so that its words can be tested without a database.
 */
export function approvalRequestMail(batch: Batch, to: string, locale: Locale): OutgoingMail {
  const link = new URL(`/console/batches/${batch.id}`, env().PUBLIC_BASE_URL).toString();
  const t = translatorFor(locale);
  return {
    tenantId: batch.tenantId,
    dedupeKey: `batch-approval:${batch.id}:${to}`,
    to,
    subject: t("mail.batchApproval.subject", { title: batch.title, documents: batch.documentCount }),
    text: [
      t("mail.batchApproval.submitted", { submitter: batch.submittedBy, title: batch.title }),
      ``,
      t("mail.batchApproval.documents", { documents: batch.documentCount, warnings: batch.warningCount }),
      t("mail.batchApproval.template", { template: batch.templatePath }),
      t("mail.batchApproval.batchId", { id: batch.id }),
      ``,
      t("mail.batchApproval.decide", { link }),
      t("mail.batchApproval.api", { call: `POST /api/dispatch/batch/${batch.id}/decide`, body: DECIDE_BODY }),
    ].join("\n"),
  };
}

export async function notifyApprovers(tx: Tx, batch: Batch): Promise<void> {
  if (!batch.approvers.length) return;
  const locale = staffMailLocale(await tenantDefaultLocale(batch.tenantId, tx));
  await enqueueMails(
    tx,
    batch.approvers.map((to) => approvalRequestMail(batch, to, locale)),
  );
}

/** The mail telling a batch's submitter that `decidedBy` asked for changes, with the approver's comments as written, in `locale` (staffMailLocale). */
export function changesRequestedMail(batch: Batch, decidedBy: string, comments: string | null, locale: Locale): OutgoingMail {
  const t = translatorFor(locale);
  return {
    tenantId: batch.tenantId,
    dedupeKey: `batch-changes:${batch.id}:${batch.decidedAt?.toISOString() ?? ""}`,
    to: batch.submittedBy,
    subject: t("mail.batchChanges.subject", { title: batch.title }),
    text: [
      t("mail.batchChanges.asked", { approver: decidedBy, title: batch.title, id: batch.id }),
      ``,
      comments ?? t("mail.batchChanges.noComments"),
    ].join("\n"),
  };
}

/** A submitter known by a name that is no address (a service account, "CRM export") has nobody to write to. */
export async function notifySubmitterOfChanges(tx: Tx, batch: Batch, decidedBy: string, comments: string | null): Promise<void> {
  if (!batch.submittedBy.includes("@")) return;
  const locale = staffMailLocale(await tenantDefaultLocale(batch.tenantId, tx));
  await enqueueMails(tx, [changesRequestedMail(batch, decidedBy, comments, locale)]);
}
