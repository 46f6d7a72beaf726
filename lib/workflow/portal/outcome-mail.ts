import { and, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { workflowEvents, type Workflow } from "@/lib/db/schema";
import { PORTAL_TOKEN_HOURS } from "@/lib/auth/portal-token-hours";
import { translatorFor } from "@/lib/i18n/translator";
import { senderWords } from "@/lib/i18n/sender";
import { greeting, oneLine } from "@/lib/mail/greeting";
import { enqueueMails } from "@/lib/mail/outbox";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { portalLinkPlaceholder } from "./portal-link";
import { participantLocale, participantMailLocale } from "./portal-locale";

/**
 * The portal tells a participant who submitted "you will get an email … when the review is
 * finished": this is that mail, to every participant (the invitation's recipients), when the workflow
 * is sealed (complete) or rejected, each in the participant's language. Queued in the transaction of
 * that change; the key is the workflow, the outcome and the address, so a retried seal job or a
 * repeated terminal hook queues nothing twice. Only a workflow whose participants were invited sends
 * it: one validated on creation never showed them the portal or its promise. The link is the
 * participant's portal link (a placeholder until sent, as in the invitation), where a sealed record
 * can be downloaded. A rejection's comment is the approver's and stays out, as the portal keeps it
 * from the participant.
 */
export async function mailOutcome(tx: Tx, wf: Workflow, declined?: { name: string }): Promise<string[]> {
  if (wf.state !== "complete" && wf.state !== "rejected") return [];
  if (!wf.settings.recipients.length || !(await wasInvited(tx, wf))) return [];
  const sender = senderWords(wf.settings.organizationName);
  const title = wf.title;
  const recipients = wf.settings.recipients;
  const tenantLocale = await tenantDefaultLocale(wf.tenantId, tx);
  await enqueueMails(
    tx,
    recipients.map((r) => {
      const locale = participantMailLocale(wf.settings, r, tenantLocale);
      const t = translatorFor(locale);
      const link = portalLinkPlaceholder(wf.id, wf.tenantId, undefined, participantLocale(wf.settings, r, tenantLocale) ?? undefined);
      const body =
        wf.state === "complete"
          ? [t("mail.outcome.approved", { ...sender, title }), ``, t("mail.outcome.approvedLink", { link })]
          : declined
            ? [t("mail.outcome.declined", { ...sender, title, name: oneLine(declined.name) }), ``, t("mail.outcome.statusLink", { link })]
            : [t("mail.outcome.rejected", { ...sender, title }), ``, t("mail.outcome.statusLink", { link })];
      return {
        tenantId: wf.tenantId,
        dedupeKey: `workflow-outcome:${wf.id}:${wf.state}:${r.email}`,
        to: r.email,
        subject:
          wf.state === "complete"
            ? t("mail.outcome.subjectApproved", { ...sender, title })
            : declined
              ? t("mail.outcome.subjectDeclined", { ...sender, title })
              : t("mail.outcome.subjectRejected", { ...sender, title }),
        text: [
          greeting(r.displayName, locale),
          ``,
          ...body,
          t("mail.outcome.linkHours", { hours: PORTAL_TOKEN_HOURS }),
          ``,
          t("mail.portal.reference", { reference: wf.correlationId }),
        ].join("\n"),
      };
    }),
  );
  return recipients.map((r) => r.email);
}

async function wasInvited(tx: Tx, wf: Workflow): Promise<boolean> {
  const [row] = await tx
    .select({ id: workflowEvents.id })
    .from(workflowEvents)
    .where(and(eq(workflowEvents.tenantId, wf.tenantId), eq(workflowEvents.workflowId, wf.id), eq(workflowEvents.kind, "workflow.invited")))
    .limit(1);
  return !!row;
}
