import { and, eq, gt, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { workflows, workflowSigners, type WorkflowSigner } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { enqueueMail } from "@/lib/mail/outbox";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { recordEvent, systemActor } from "@/lib/workflow/events";
import { lockWorkflow } from "@/lib/workflow/get-workflow";
import { signerMail } from "./invite-signers";
import { listSigners } from "./signers";

const HOUR = 3_600_000;

/**
 * How long before its expiry a link is reminded: ESIGN_REMINDER_BEFORE_HOURS, but at most half the
 * link's life, so that a short-lived link is not reminded in the same minute it was sent. 0: never.
 */
export function reminderLead(e = env()): number {
  return Math.min(e.ESIGN_REMINDER_BEFORE_HOURS, e.ESIGN_LINK_TTL_HOURS / 2) * HOUR;
}

/** Whether a signer's current link is due its reminder at `now` (read again under the lock before mailing). */
export function reminderDue(s: WorkflowSigner, now: Date, lead = reminderLead()): boolean {
  if (lead <= 0 || !s.tokenExpiresAt || !s.tokenNonce || s.reminderSentAt) return false;
  if (s.state !== "invited" && s.state !== "viewed") return false;
  if (s.signRequestedAt || s.signedAt || s.declinedAt) return false;
  const left = s.tokenExpiresAt.getTime() - now.getTime();
  return left > 0 && left <= lead;
}

/**
 * The scheduled reminder (every tenant): a signer invited (or who opened the document) and has not
 * signed or declined is mailed once when their link has less than reminderLead() left, with the
 * same link, and the activity records it (signer.reminded). Once per link: a re-sent link may be
 * reminded again. Each reminder re-checks under the workflow's row lock, so two sweeps never mail
 * twice. `now` is a parameter so that tests run it on a clock of their own.
 */
export async function remindSigners(now = new Date()): Promise<{ reminded: number }> {
  const lead = reminderLead();
  if (lead <= 0) return { reminded: 0 };
  const db = await getDb();
  const due = await db
    .select({ signer: workflowSigners })
    .from(workflowSigners)
    .innerJoin(workflows, eq(workflows.id, workflowSigners.workflowId))
    .where(
      and(
        eq(workflows.state, "sealing"),
        inArray(workflowSigners.state, ["invited", "viewed"]),
        isNull(workflowSigners.reminderSentAt),
        isNull(workflowSigners.signRequestedAt),
        isNotNull(workflowSigners.tokenNonce),
        gt(workflowSigners.tokenExpiresAt, now),
        lte(workflowSigners.tokenExpiresAt, new Date(now.getTime() + lead)),
      ),
    );
  let reminded = 0;
  for (const { signer } of due) {
    if (await remindOne(signer, now, lead)) reminded++;
  }
  return { reminded };
}

async function remindOne(found: WorkflowSigner, now: Date, lead: number): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const wf = await lockWorkflow(tx, found.tenantId, found.workflowId); // the writers' order: workflow, then signer
    const [s] = await tx.select().from(workflowSigners).where(eq(workflowSigners.id, found.id)).for("update");
    if (wf.state !== "sealing" || !reminderDue(s, now, lead)) return false;
    await tx.update(workflowSigners).set({ reminderSentAt: now, updatedAt: now }).where(eq(workflowSigners.id, s.id));
    const total = (await listSigners(wf.tenantId, wf.id, tx)).length;
    const tenantLocale = await tenantDefaultLocale(wf.tenantId, tx);
    await enqueueMail(tx, signerMail(wf, s, s.tokenNonce!, s.tokenExpiresAt!, { total, tenantLocale, reminder: true }));
    await recordEvent(tx, wf, "signer.reminded", systemActor, {
      signer: s.position,
      email: s.email,
      expiresAt: s.tokenExpiresAt!.toISOString(),
    });
    return true;
  });
}
