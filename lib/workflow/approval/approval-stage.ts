import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import { getTenant } from "@/lib/tenants";
import { mailApprovers } from "./approval-mail";
import type { ApprovalEntry } from "./approval-types";
import { stageApprovers } from "./approvers";
import type { Change } from "../change-workflow";
import { totalApprovalStages } from "../present-workflow";
import { requestSeal } from "../sealing/request-seal";

/** The columns of a workflow entering 1-based `stage` of approval: the escalation clock starts again. */
export const enterApproval = (stage: number, now: Date): Partial<Workflow> => ({
  state: "pending-approval",
  approvalStage: stage,
  escalatedTo: [],
  approvalRequestedAt: now,
  reminderSentAt: null,
});

/** The tenant's approvers (the fallback of every stage); `tx` when inside a transaction, since PGlite has one connection. */
export async function tenantApprovers(tenantId: string, tx?: Tx): Promise<string[]> {
  return (await getTenant(tenantId, tx))?.approvers ?? [];
}

/** Mails the approvers of the stage the workflow just entered (in the transaction of that change). */
export async function notifyStage(tx: Tx, wf: Workflow, reason: "stage" | "governance" = "stage"): Promise<void> {
  const to = stageApprovers(wf, await tenantApprovers(wf.tenantId, tx));
  await mailApprovers(tx, wf, to, reason, `${reason}${wf.approvalStage}:h${wf.approvalHistory.length}:v${wf.version}`);
}

/**
 * A stage approved (approve, governance approve or approve-with-exception): a stage before the last
 * moves to the next (still pending-approval, its approvers mailed); the last goes to sealing with the
 * seal job queued (docs/spec.md, "Workflow": "the approve endpoint calls seal automatically").
 */
export function stageApproved(wf: Workflow, entry: ApprovalEntry, now: Date, extra: Partial<Workflow> = {}): Change {
  const history = [...wf.approvalHistory, entry];
  const stage = Math.max(wf.approvalStage, 1);
  if (stage < totalApprovalStages(wf)) {
    return {
      set: { ...extra, ...enterApproval(stage + 1, now), approvalHistory: history },
      event: { kind: "approval.stage-approved", detail: { stage, nextStage: stage + 1, decision: entry.action, comment: entry.comment } },
      also: (tx, updated) => notifyStage(tx, updated),
    };
  }
  return {
    set: { ...extra, state: "sealing", approvalStage: stage, approvalHistory: history, approvalRequestedAt: null },
    event: { kind: "workflow.approved", detail: { stage, decision: entry.action, comment: entry.comment } },
    also: (tx, updated) => requestSeal(tx, updated),
  };
}
