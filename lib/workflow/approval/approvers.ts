import type { Principal } from "@/lib/auth/bearer";
import type { PortalPrincipal, ReviewerBinding } from "@/lib/auth/portal-token";
import type { Workflow } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";

/** What the approver rules read of a workflow (the console's list reads no more than this). */
export type ApprovalView = Pick<Workflow, "approvalStage" | "escalatedTo" | "createdBy"> & { schema: Pick<Workflow["schema"], "approval"> };

const lower = (s: string) => s.trim().toLowerCase();
const unique = (xs: string[]) => [...new Set(xs.map(lower))];

/** The initiator never approves their own workflow (DESIGN §6), nor is it mailed or escalated to. */
export const isInitiator = (wf: Pick<Workflow, "createdBy">, email: string | null | undefined): boolean =>
  !!email && lower(email) === lower(wf.createdBy);

/** Who may manage a workflow (seal it, resend a signer's link, read its certificate): its initiator or an admin. */
export const mayManage = (wf: Workflow, principal: Principal) =>
  isInitiator(wf, principal.email ?? principal.subject) || principal.roles.includes("admin");

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

/** Why `email` may not decide the current stage (workflow.self_approval, workflow.not_approver), or null when it may. */
export function decisionRefusal(wf: ApprovalView, email: string | null, tenantApprovers: string[]): AppError | null {
  if (!email)
    return new AppError("workflow.not_approver", "The bearer token carries no email address, so it cannot be matched to an approver");
  if (isInitiator(wf, email)) return new AppError("workflow.self_approval", "The initiator of a workflow cannot approve or reject it");
  if (!currentApprovers(wf, tenantApprovers).includes(lower(email))) {
    return new AppError("workflow.not_approver", `${email} is not an approver of stage ${Math.max(wf.approvalStage, 1)} of this workflow`, {
      currentApprovalStage: wf.approvalStage,
    });
  }
  return null;
}

/** 403 unless `email` may decide the current stage; the approver as recorded (lower case). */
export function assertMayDecide(wf: ApprovalView, email: string | null, tenantApprovers: string[]): string {
  const refusal = decisionRefusal(wf, email, tenantApprovers);
  if (refusal) throw refusal;
  return lower(email!);
}

/**
 * Why a reviewer link may not decide (request changes, approve, reject), or null: it must be for the
 * stage the workflow is at (409 workflow.review_stage_passed, so an earlier stage's link never decides
 * a later one), and its approver must be one of that stage's now.
 */
export function reviewerRefusal(wf: ApprovalView, reviewer: ReviewerBinding, tenantApprovers: string[]): AppError | null {
  const stage = Math.max(wf.approvalStage, 1);
  if (reviewer.stage !== stage) {
    return new AppError(
      "workflow.review_stage_passed",
      `This review link was sent for approval stage ${reviewer.stage}; the workflow is at stage ${stage} now, so it can be read but not decided with this link`,
      { linkStage: reviewer.stage, currentApprovalStage: wf.approvalStage },
    );
  }
  return decisionRefusal(wf, reviewer.email, tenantApprovers);
}

/** Throws the reviewerRefusal of a portal caller (only reviewer tokens carry an approver); the approver as recorded. */
export function assertReviewerMayDecide(wf: ApprovalView, portal: PortalPrincipal, tenantApprovers: string[]): string {
  const reviewer = portal.reviewer;
  if (!reviewer)
    throw new AppError(
      "portal.role_forbidden",
      `A ${portal.role} portal token cannot decide; it needs the reviewer link of the approval mail`,
      { role: portal.role },
    );
  const refusal = reviewerRefusal(wf, reviewer, tenantApprovers);
  if (refusal) throw refusal;
  return lower(reviewer.email);
}
