import { and, eq, gt, count, max, sql } from "drizzle-orm";
import type { PortalPrincipal } from "@/lib/auth/portal-token";
import { getDb, type Tx } from "@/lib/db/client";
import { workflowEvents, type Workflow } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import { newId } from "@/lib/ids";
import { translatorFor } from "@/lib/i18n/translator";
import { senderWords } from "@/lib/i18n/sender";
import { enqueueMails } from "@/lib/mail/outbox";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { tenantApprovers } from "../approval/approval-stage";
import { pendingApprovers } from "../approval/approvers";
import { portalActor, recordEvent, type WorkflowEventKind } from "../events";
import { lockWorkflow } from "../get-workflow";
import { inviteParticipants } from "./invite-participants";
import { portalLinkPlaceholder } from "./portal-link";
import { staffMailLocale } from "@/lib/i18n/staff-locale";

/** Per workflow: one resend a minute and five an hour (docs/spec.md, "Limits", gives no number). */
export const RESEND_MIN_INTERVAL_MS = 60_000;
export const RESEND_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

const participantStates = ["in-progress", "validation-failed", "changes-requested"];

/**
 * POST /api/workflow/{id}/resend-invite: whoever the workflow waits for gets a fresh link. While the
 * participant works (in-progress, validation-failed, changes-requested): the invitation to every
 * recipient. While pending-approval: a reminder with a reviewer link to the approvers of the current
 * stage (the schema's, else the tenant's). Later states wait for nobody: 409. Rate limited per
 * workflow, under its row lock so that concurrent calls cannot both pass.
 */
export async function resendInvite(portal: PortalPrincipal) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const wf = await lockWorkflow(tx, portal.tenantId, portal.workflowId);
    const audience = participantStates.includes(wf.state) ? "participants" : wf.state === "pending-approval" ? "approvers" : null;
    if (!audience) {
      throw new AppError("workflow.invalid_state", `A workflow in state ${wf.state} waits for nobody; there is no invitation to resend`, {
        state: wf.state,
        allowedStates: [...participantStates, "pending-approval"],
      });
    }
    const now = Date.now();
    assertResendAllowed(await nextResendAt(tx, wf, now), now);
    const to = audience === "participants" ? await resendToParticipants(tx, wf) : await remindApprovers(tx, wf);
    await recordEvent(tx, wf, "invite.resent", portalActor(portal), { audience, to });
    return { sent: to.length, audience, nextAllowedAt: new Date(await nextResendAt(tx, wf, now)).toISOString() };
  });
}

/**
 * When the next resend may go: a minute after the last, and never a sixth within an hour. Counted
 * from the activity: `kind` is the event a resend records; `signer` narrows it to one signer's link
 * (e-signature re-sends are counted per signer).
 */
export async function nextResendAt(
  tx: Tx,
  wf: Workflow,
  now: number,
  kind: WorkflowEventKind = "invite.resent",
  signer?: number,
): Promise<number> {
  const where = and(
    eq(workflowEvents.tenantId, wf.tenantId),
    eq(workflowEvents.workflowId, wf.id),
    eq(workflowEvents.kind, kind),
    gt(workflowEvents.at, new Date(now - HOUR_MS)),
    signer === undefined ? undefined : sql`${workflowEvents.detail}->>'signer' = ${String(signer)}`,
  );
  const [row] = await tx
    .select({ n: count(), last: max(workflowEvents.at) })
    .from(workflowEvents)
    .where(where);
  if (!row || !row.last) return 0;
  const last = new Date(row.last).getTime();
  let next = last + RESEND_MIN_INTERVAL_MS;
  if (row.n >= RESEND_PER_HOUR) {
    const [oldest] = await tx
      .select({ at: workflowEvents.at })
      .from(workflowEvents)
      .where(where)
      .orderBy(workflowEvents.at)
      .limit(row.n - RESEND_PER_HOUR + 1);
    next = Math.max(next, oldest.at.getTime() + HOUR_MS);
  }
  return next;
}

/** 429 workflow.resend_rate_limited with Retry-After when `nextAllowed` is still ahead. */
export function assertResendAllowed(nextAllowed: number, now: number, what = "The invitation"): void {
  if (nextAllowed <= now) return;
  const s = Math.max(1, Math.ceil((nextAllowed - now) / 1000));
  throw new AppError("workflow.resend_rate_limited", `${what} was resent recently; try again in ${s} s`, {
    headers: { "retry-after": String(s) },
    retryAfter: s,
    nextAllowedAt: new Date(nextAllowed).toISOString(),
  });
}

async function resendToParticipants(tx: Tx, wf: Workflow): Promise<string[]> {
  if (!wf.settings.recipients.length) {
    throw new AppError("workflow.no_recipients", "The workflow was created without recipients; there is nobody to send the invitation to");
  }
  return inviteParticipants(tx, wf, `resend:${newId()}`);
}

/**
 * A reminder to the current approvers with a reviewer link (request-changes, governance decision), in
 * the workflow's language, else the tenant's default (an approver's own is not known). The approval notification itself belongs
 * to the approval flow; this only says the workflow waits.
 */
async function remindApprovers(tx: Tx, wf: Workflow): Promise<string[]> {
  const approvers = pendingApprovers(wf, await tenantApprovers(wf.tenantId, tx));
  if (!approvers.length)
    throw new AppError("workflow.no_recipients", "No approver is configured for the current approval stage; there is nobody to remind");
  const sender = senderWords(wf.settings.organizationName);
  const stage = Math.max(wf.approvalStage, 1);
  const sendKey = newId();
  const t = translatorFor(staffMailLocale(await tenantDefaultLocale(wf.tenantId, tx)));
  await enqueueMails(
    tx,
    approvers.map((to) => ({
      tenantId: wf.tenantId,
      dedupeKey: `workflow-approval-reminder:${wf.id}:${to}:${sendKey}`,
      to,
      subject: t("mail.reviewReminder.subject", { ...sender, title: wf.title }),
      text: [
        t("mail.reviewReminder.waits", { title: wf.title, stage }),
        ``,
        t("mail.reviewReminder.open", { link: portalLinkPlaceholder(wf.id, wf.tenantId, { email: to, stage }) }),
        ``,
        t("mail.portal.reference", { reference: wf.correlationId }),
      ].join("\n"),
    })),
  );
  return approvers;
}
