import type { Principal } from "@/lib/auth/bearer";
import type { Workflow } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import { getTenant } from "@/lib/tenants";
import { mailApprovers } from "./approval-mail";
import { isInitiator, nextEscalationTarget, pendingApprovers } from "./approvers";
import { changeWorkflow } from "../change-workflow";
import { bearerActor, systemActor, type Actor } from "../events";

const DAY_MS = 86_400_000;
/** The pending approver is reminded once, when this share of escalateAfterDays has passed. */
export const REMINDER_AT = 0.75;

export { systemActor };

/** When the current wait escalates on its own, and when its reminder goes; null without escalateAfterDays. */
export function escalationTimes(wf: Workflow): { remindAt: Date; escalateAt: Date } | null {
  const days = wf.schema.approval.escalateAfterDays;
  if (!days || !wf.approvalRequestedAt || wf.state !== "pending-approval") return null;
  const start = wf.approvalRequestedAt.getTime();
  return { remindAt: new Date(start + REMINDER_AT * days * DAY_MS), escalateAt: new Date(start + days * DAY_MS) };
}

/** POST /api/workflow/{id}/escalate: the initiator or an admin of the tenant (403 workflow.not_initiator otherwise). */
export async function escalateByCaller(principal: Principal, workflowId: string, now = new Date()) {
  const wf = await escalateWorkflow(principal.tenant.id, workflowId, bearerActor(principal), now, (wf) => {
    if (!isInitiator(wf, principal.email ?? principal.subject) && !principal.roles.includes("admin")) {
      throw new AppError("workflow.not_initiator", "Only the initiator of the workflow or an admin may escalate it");
    }
    return true;
  });
  return {
    workflowId: wf.id,
    state: wf.state,
    currentApprovalStage: wf.approvalStage,
    escalatedTo: wf.escalatedTo.at(-1) ?? null,
    approvalRequestedAt: wf.approvalRequestedAt?.toISOString() ?? null,
  };
}

/**
 * Moves the pending approval of the current stage to the next approver of the routing sequence
 * (see approvers.ts), mails them, and starts the escalation clock again. 409
 * workflow.no_escalation_target when everyone in the sequence was asked. `may` runs inside the lock
 * and returns false to change nothing (the scheduler: no longer due).
 */
export async function escalateWorkflow(
  tenantId: string,
  workflowId: string,
  actor: Actor,
  now: Date,
  may: (wf: Workflow) => boolean,
): Promise<Workflow> {
  const approvers = (await getTenant(tenantId))?.approvers ?? [];
  return changeWorkflow(tenantId, workflowId, "escalate", actor, (wf) => {
    if (!may(wf)) return null;
    const to = nextEscalationTarget(wf, approvers);
    if (!to) {
      throw new AppError(
        "workflow.no_escalation_target",
        `Every approver of the routing sequence of stage ${wf.approvalStage} has been asked already`,
        {
          currentApprovalStage: wf.approvalStage,
        },
      );
    }
    const stage = wf.approvalStage;
    return {
      set: {
        escalatedTo: [...wf.escalatedTo, to],
        approvalRequestedAt: now,
        reminderSentAt: null,
        approvalHistory: [...wf.approvalHistory, { action: "escalated", stage, by: actor.name, comment: null, at: now.toISOString(), to }],
      },
      event: { kind: "approval.escalated", detail: { stage, escalatedTo: to, automatic: actor === systemActor } },
      also: (tx, updated) =>
        mailApprovers(tx, updated, [to], "escalated", `esc${stage}:${updated.escalatedTo.length}:h${updated.approvalHistory.length}`),
    };
  });
}

/** Reminds the pending approver(s) once per wait, when the reminder is due and the wait has not moved on; true when it did. */
export async function remindApprovers(tenantId: string, workflowId: string, now: Date): Promise<boolean> {
  const approvers = (await getTenant(tenantId))?.approvers ?? [];
  let reminded = false;
  await changeWorkflow(tenantId, workflowId, "remind", systemActor, (wf) => {
    const t = escalationTimes(wf);
    if (!t || wf.reminderSentAt || now < t.remindAt || now >= t.escalateAt) return null;
    reminded = true;
    const to = pendingApprovers(wf, approvers);
    return {
      set: { reminderSentAt: now },
      event: { kind: "approval.reminded", detail: { stage: wf.approvalStage, approvers: to, escalateAt: t.escalateAt.toISOString() } },
      also: (tx, updated) =>
        mailApprovers(tx, updated, to, "reminder", `rem${wf.approvalStage}:${wf.escalatedTo.length}:h${wf.approvalHistory.length}`),
    };
  });
  return reminded;
}
