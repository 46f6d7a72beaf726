import type { Principal } from "@/lib/auth/bearer";
import type { PortalPrincipal } from "@/lib/auth/portal-token";
import type { Workflow } from "@/lib/db/schema";
import type { ApprovalEntry } from "./approval-types";
import { stageApproved } from "./approval-stage";
import { changeWorkflow, type Change } from "../change-workflow";
import { personDecider, reviewerDecider } from "./decider";
import { onWorkflowTerminal } from "../on-terminal";

/** The answer of approve, reject and governance-decision: where the workflow is now. */
export function decisionResponse(wf: Workflow) {
  return {
    workflowId: wf.id,
    correlationId: wf.correlationId,
    state: wf.state,
    currentApprovalStage: wf.approvalStage,
    approvalHistory: wf.approvalHistory,
    completedAt: wf.completedAt?.toISOString() ?? null,
  };
}

const entry = (wf: Workflow, action: ApprovalEntry["action"], by: string, comment: string | undefined, now: Date): ApprovalEntry => ({
  action,
  stage: Math.max(wf.approvalStage, 1),
  by,
  comment: comment ?? null,
  at: now.toISOString(),
});

/** POST /api/workflow/{id}/approve: an approver of the current stage (never the initiator) approves it. */
export async function approveWorkflow(principal: Principal, workflowId: string, comment: string | undefined) {
  const d = personDecider(principal);
  const wf = await changeWorkflow(d.tenantId, workflowId, "approve", d.actor, (wf) => {
    const by = d.by(wf);
    const now = new Date();
    return stageApproved(wf, entry(wf, "approved", by, comment, now), now);
  });
  return decisionResponse(wf);
}

/** The change of a rejection: rejected, no PDF, the decision in the history. */
export function rejection(wf: Workflow, by: string, comment: string | undefined, kind: "reject" | "governance"): Change {
  const now = new Date();
  return {
    set: {
      state: "rejected",
      completedAt: now,
      approvalRequestedAt: null,
      approvalHistory: [...wf.approvalHistory, entry(wf, "rejected", by, comment, now)],
    },
    event: { kind: "workflow.rejected", detail: { stage: wf.approvalStage, comment: comment ?? null, via: kind } },
    also: onWorkflowTerminal,
  };
}

/**
 * POST /api/workflow/{id}/reject. docs/spec.md, "Workflow", says "approver or reviewer": a bearer caller must be an
 * approver of the current stage (not the initiator); so must the approver a reviewer portal token
 * (the approval mail's link) was made for, with the link for the current stage. The console rejects
 * as the signed-in person.
 */
export async function rejectWorkflow(
  principal: Principal | null,
  portal: PortalPrincipal | null,
  workflowId: string,
  comment: string | undefined,
) {
  const d = principal ? personDecider(principal) : await reviewerDecider(portal!);
  const wf = await changeWorkflow(d.tenantId, workflowId, "reject", d.actor, (wf) => rejection(wf, d.by(wf), comment, "reject"));
  return decisionResponse(wf);
}
