import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { greeting } from "@/lib/mail/greeting";
import { enqueueMails } from "@/lib/mail/outbox";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { PORTAL_TOKEN_TTL_S } from "@/lib/auth/portal-token";
import type { ChangeRequest } from "./approval-types";
import { totalApprovalStages } from "../present-workflow";
import { portalLinkPlaceholder } from "../portal/portal-link";
import { translatorFor, type Translator } from "@/lib/i18n/translator";
import { senderWords } from "@/lib/i18n/sender";
import { fieldLabels } from "../schema/schema-format";
import { participantLocale, participantMailLocale } from "../portal/portal-locale";

type Reason = "stage" | "escalated" | "reminder" | "governance";

const subjects: Record<Reason, string> = {
  stage: "Approval needed",
  escalated: "Approval escalated to you",
  reminder: "Reminder: approval waiting",
  governance: "Governance review needed",
};

/**
 * The approval notification (docs/spec.md, "Events": approval notification email), to each of `to`: the console page
 * of the workflow (sign in, decide by name), that approver's reviewer portal link for this stage (a
 * placeholder; the reviewer token is made when the mail is sent and never stored) and the
 * approve/reject API calls. `key` makes each notification unique: a retried change mails once.
 */
export async function mailApprovers(tx: Tx, wf: Workflow, to: string[], reason: Reason, key: string): Promise<void> {
  const api = (verb: string) => new URL(`/api/workflow/${wf.id}/${verb}`, env().PUBLIC_BASE_URL).toString();
  const consoleLink = new URL(`/console/workflows/${wf.id}`, env().PUBLIC_BASE_URL).toString();
  const stage = Math.max(wf.approvalStage, 1);
  const from = wf.settings.organizationName;
  await enqueueMails(
    tx,
    to.map((email) => ({
      tenantId: wf.tenantId,
      dedupeKey: `workflow-approval:${wf.id}:${key}:${email}`,
      to: email,
      subject: `${subjects[reason]}: ${wf.title} (stage ${stage} of ${totalApprovalStages(wf)})`,
      text: [
        reason === "governance"
          ? `"${wf.title}" failed validation; as approver you may approve it with an exception (with a written justification) or reject it.`
          : from
            ? `"${wf.title}" from ${wf.createdBy} (${from}) waits for your approval.`
            : `"${wf.title}" from ${wf.createdBy} waits for your approval.`,
        ...(reason === "escalated" ? [``, `The approval was escalated to you because it waited too long.`] : []),
        ...(reason === "reminder" ? [``, `It will be escalated to the next approver if it is not decided soon.`] : []),
        ``,
        `Review and decide in the Sealpost console (sign in with your company account): ${consoleLink}`,
        ``,
        `Or review the data and the rule results, request changes or decide without signing in: ${portalLinkPlaceholder(wf.id, wf.tenantId, { email, stage })}`,
        `(the link works for ${PORTAL_TOKEN_TTL_S / 3600} hours from when this message was sent)`,
        ``,
        `Or with your Sealpost access token (Authorization: Bearer <token>):`,
        `  approve: POST ${api("approve")} with {"comment": "..."}`,
        `  reject:  POST ${api("reject")} with {"comment": "..."}`,
        ``,
        `Reference: ${wf.correlationId}`,
      ].join("\n"),
    })),
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
