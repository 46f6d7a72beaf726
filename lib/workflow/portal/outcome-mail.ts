import { and, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { workflowEvents, type Workflow } from "@/lib/db/schema";
import { PORTAL_TOKEN_TTL_S } from "@/lib/auth/portal-token";
import { greeting, oneLine } from "@/lib/mail/greeting";
import { enqueueMails } from "@/lib/mail/outbox";
import { portalLinkPlaceholder } from "./portal-link";

/**
 * The portal tells a participant who submitted "you will get an email … when the review is
 * finished": this is that mail, to every participant (the invitation's recipients), when the workflow
 * is sealed (complete) or rejected. Queued in the transaction of that change; the key is the
 * workflow, the outcome and the address, so a retried seal job or a repeated terminal hook queues
 * nothing twice. Only a workflow whose participants were invited sends it: one validated on creation
 * never showed them the portal or its promise. The link is the participant's portal link (a placeholder until sent, as in the
 * invitation), where a sealed record can be downloaded. A rejection's comment is the approver's and
 * stays out, as the portal keeps it from the participant.
 */
export async function mailOutcome(tx: Tx, wf: Workflow, declined?: { name: string }): Promise<string[]> {
  if (wf.state !== "complete" && wf.state !== "rejected") return [];
  if (!wf.settings.recipients.length || !(await wasInvited(tx, wf))) return [];
  const from = wf.settings.organizationName ?? "Sealpost";
  const link = portalLinkPlaceholder(wf.id, wf.tenantId);
  const hours = PORTAL_TOKEN_TTL_S / 3600;
  const body =
    wf.state === "complete"
      ? [
          `${from} has approved your answers to "${wf.title}" and sealed them into a PDF record. Nothing more is needed from you.`,
          ``,
          `See the record and download it (PDF): ${link}`,
        ]
      : declined
        ? [
            `"${wf.title}" was not signed: ${oneLine(declined.name)} declined to sign it. Contact ${from} if you have questions.`,
            ``,
            `See where it stands: ${link}`,
          ]
        : [
            `${from} did not approve your answers to "${wf.title}". Contact ${from} if you have questions.`,
            ``,
            `See where it stands: ${link}`,
          ];
  const recipients = wf.settings.recipients;
  await enqueueMails(
    tx,
    recipients.map((r) => ({
      tenantId: wf.tenantId,
      dedupeKey: `workflow-outcome:${wf.id}:${wf.state}:${r.email}`,
      to: r.email,
      subject:
        wf.state === "complete"
          ? `${from}: "${wf.title}" is approved`
          : `${from}: "${wf.title}" was not ${declined ? "signed" : "approved"}`,
      text: [
        greeting(r.displayName),
        ``,
        ...body,
        `(the link works for ${hours} hours from when this message was sent)`,
        ``,
        `Reference: ${wf.correlationId}`,
      ].join("\n"),
    })),
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
