import type { Workflow } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";

/** What the approver rules read of a workflow (the console's list reads no more than this). */
export type ApprovalView = Pick<Workflow, "approvalStage" | "escalatedTo" | "createdBy"> & { schema: Pick<Workflow["schema"], "approval"> };

const lower = (s: string) => s.trim().toLowerCase();
const unique = (xs: string[]) => [...new Set(xs.map(lower))];

/** The initiator never approves their own workflow (DESIGN §6), nor is it mailed or escalated to. */
export const isInitiator = (wf: Pick<Workflow, "createdBy">, email: string | null | undefined): boolean => !!email && lower(email) === lower(wf.createdBy);

/**
 * The approvers of 1-based `stage`: the schema's `approval.stages`, else the tenant's approvers;
 * never the initiator. A stage whose only approver is the initiator falls back to the tenant's
 * approvers, so that a stage never waits on nobody.
 */
export function stageApprovers(wf: ApprovalView, tenantApprovers: string[], stage = Math.max(wf.approvalStage, 1)): string[] {
  const others = (xs: string[]) => unique(xs).filter((a) => !isInitiator(wf, a));
  const named = others(wf.schema.approval.stages[stage - 1] ?? []);
  return named.length ? named : others(tenantApprovers);
}

/**
 * The routing sequence of a stage: its approvers in order, then the tenant's approvers. Escalation
 * walks it: the pending approval moves to the first one not asked yet in this stage.
 */
export function routingSequence(wf: ApprovalView, tenantApprovers: string[]): string[] {
  return unique([...stageApprovers(wf, tenantApprovers), ...tenantApprovers]).filter((a) => !isInitiator(wf, a));
}

/** Who may decide the current stage: its approvers and everyone it was escalated to (asked earlier keeps the right). */
export function currentApprovers(wf: ApprovalView, tenantApprovers: string[]): string[] {
  return unique([...stageApprovers(wf, tenantApprovers), ...wf.escalatedTo]);
}

/** Who is waited on now: the approver escalated to last, else the stage's approvers (reminded before escalation). */
export function pendingApprovers(wf: ApprovalView, tenantApprovers: string[]): string[] {
  return wf.escalatedTo.length ? [wf.escalatedTo.at(-1)!] : stageApprovers(wf, tenantApprovers);
}

/** The next approver of the routing sequence not asked yet in this stage, or null when everyone was. */
export function nextEscalationTarget(wf: ApprovalView, tenantApprovers: string[]): string | null {
  const asked = new Set(currentApprovers(wf, tenantApprovers));
  return routingSequence(wf, tenantApprovers).find((a) => !asked.has(a)) ?? null;
}

/** 403 unless `email` may decide the current stage: workflow.self_approval for the initiator, workflow.not_approver otherwise. */
export function assertMayDecide(wf: ApprovalView, email: string | null, tenantApprovers: string[]): string {
  if (!email) throw new AppError("workflow.not_approver", "The bearer token carries no email address, so it cannot be matched to an approver");
  if (isInitiator(wf, email)) throw new AppError("workflow.self_approval", "The initiator of a workflow cannot approve or reject it");
  const allowed = currentApprovers(wf, tenantApprovers);
  if (!allowed.includes(lower(email))) {
    throw new AppError("workflow.not_approver", `${email} is not an approver of stage ${Math.max(wf.approvalStage, 1)} of this workflow`, {
      currentApprovalStage: wf.approvalStage,
    });
  }
  return lower(email);
}
