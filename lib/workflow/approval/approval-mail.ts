import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { greeting } from "@/lib/mail/greeting";
import { enqueueMails, type OutgoingMail } from "@/lib/mail/outbox";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { PORTAL_TOKEN_TTL_S } from "@/lib/auth/portal-token";
import type { ChangeRequest } from "./approval-types";
import { totalApprovalStages } from "../present-workflow";
import { portalLinkPlaceholder } from "../portal/portal-link";
import type { Locale } from "@/lib/i18n/locales";
import { staffMailLocale } from "@/lib/i18n/staff-locale";
import { translatorFor, type Translator } from "@/lib/i18n/translator";
import { senderWords } from "@/lib/i18n/sender";
import { fieldLabels } from "../schema/schema-format";
import { participantLocale, participantMailLocale } from "../portal/portal-locale";

export type ApprovalMailReason = "stage" | "escalated" | "reminder" | "governance";

/** Each reason's subject, which names the workflow and the stage it waits in of all its stages. */
const subjects = {
  stage: "mail.approval.subjectStage",
  escalated: "mail.approval.subjectEscalated",
  reminder: "mail.approval.subjectReminder",
  governance: "mail.approval.subjectGovernance",
} as const satisfies Record<ApprovalMailReason, string>;

/** The body an approve or reject call takes, as the API reference writes it. */
const DECISION_BODY = `{"comment": "..."}`;

/**
 * The approval notification (docs/spec.md, "Events": approval notification email) to one approver,
 * in `locale` (staffMailLocale: approvers work for the sender): the console page of the workflow
 * (sign in, decide by name), that approver's reviewer portal link for this stage (a placeholder; the
 * reviewer token is made when the mail is sent and never stored) and the approve/reject API calls.
 * `key` makes each notification unique: a retried change mails once. Pure, so that its words can be
 * tested without a database.
 */
export function approverMail(wf: Workflow, email: string, reason: ApprovalMailReason, key: string, locale: Locale): OutgoingMail {
  const api = (verb: string) => `POST ${new URL(`/api/workflow/${wf.id}/${verb}`, env().PUBLIC_BASE_URL).toString()}`;
  const consoleLink = new URL(`/console/workflows/${wf.id}`, env().PUBLIC_BASE_URL).toString();
  const stage = Math.max(wf.approvalStage, 1);
  const t = translatorFor(locale);
  return {
    tenantId: wf.tenantId,
    dedupeKey: `workflow-approval:${wf.id}:${key}:${email}`,
    to: email,
    subject: t(subjects[reason], { title: wf.title, stage, total: totalApprovalStages(wf) }),
    text: [
      reason === "governance"
        ? t("mail.approval.governance", { title: wf.title })
        : t("mail.approval.waits", { ...senderWords(wf.settings.organizationName), title: wf.title, initiator: wf.createdBy }),
      ...(reason === "escalated" ? [``, t("mail.approval.escalated")] : []),
      ...(reason === "reminder" ? [``, t("mail.approval.reminder")] : []),
      ``,
      t("mail.approval.console", { link: consoleLink }),
      ``,
      t("mail.approval.portal", { link: portalLinkPlaceholder(wf.id, wf.tenantId, { email, stage }) }),
      t("mail.outcome.linkHours", { hours: PORTAL_TOKEN_TTL_S / 3600 }),
      ``,
      t("mail.approval.api", { header: "Authorization: Bearer <token>" }),
      `  ${t("mail.approval.apiApprove", { call: api("approve"), body: DECISION_BODY })}`,
      `  ${t("mail.approval.apiReject", { call: api("reject"), body: DECISION_BODY })}`,
      ``,
      t("mail.portal.reference", { reference: wf.correlationId }),
    ].join("\n"),
  };
}

/** The approval notification to each of `to`, in the tenant's language (staffMailLocale). */
export async function mailApprovers(tx: Tx, wf: Workflow, to: string[], reason: ApprovalMailReason, key: string): Promise<void> {
  if (!to.length) return;
  const locale = staffMailLocale(await tenantDefaultLocale(wf.tenantId, tx));
  await enqueueMails(
    tx,
    to.map((email) => approverMail(wf, email, reason, key, locale)),
  );
}

/** One change request as a line of the mail: its question (none: the whole submission), its due date, its message. */
function changeLine(t: Translator, c: ChangeRequest, question: string | undefined): string {
  const due = c.dueDate ? new Date(`${c.dueDate}T00:00:00Z`) : null;
  const line = question
    ? due
      ? t("mail.changes.aboutDue", { question, message: c.message, due })
      : t("mail.changes.about", { question, message: c.message })
    : due
      ? t("mail.changes.due", { message: c.message, due })
      : c.message;
  return `- ${line}`;
}

/**
 * The change requests to the participants, each in the participant's language, with their portal
 * link (a placeholder, as in the invitation). The requests are the reviewer's words, as written.
 */
export async function mailChangeRequests(tx: Tx, wf: Workflow, changes: ChangeRequest[], key: string): Promise<string[]> {
  const sender = senderWords(wf.settings.organizationName);
  const labels = fieldLabels(wf.schema);
  const recipients = wf.settings.recipients;
  const tenantLocale = await tenantDefaultLocale(wf.tenantId, tx);
  await enqueueMails(
    tx,
    recipients.map((r) => {
      const locale = participantMailLocale(wf.settings, r, tenantLocale);
      const t = translatorFor(locale);
      return {
        tenantId: wf.tenantId,
        dedupeKey: `workflow-changes:${wf.id}:${key}:${r.email}`,
        to: r.email,
        subject: t("mail.changes.subject", { ...sender, title: wf.title }),
        text: [
          greeting(r.displayName, locale),
          ``,
          t("mail.changes.intro", { title: wf.title }),
          ``,
          ...changes.map((c) => changeLine(t, c, c.fieldKey ? labels.get(c.fieldKey) : undefined)),
          ``,
          t("mail.changes.open", {
            link: portalLinkPlaceholder(wf.id, wf.tenantId, undefined, participantLocale(wf.settings, r, tenantLocale) ?? undefined),
          }),
          ``,
          t("mail.portal.reference", { reference: wf.correlationId }),
        ].join("\n"),
      };
    }),
  );
  return recipients.map((r) => r.email);
}
