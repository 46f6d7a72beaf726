import { AppError } from "@/lib/http/problem";
import { stageApproved } from "./approval-stage";
import type { ApprovalEntry } from "./approval-types";
import { changeWorkflow } from "../change-workflow";
import type { Decider } from "./decider";
import { decisionResponse, rejection } from "./decide-workflow";
import { blockingRuleIds } from "./review-rules";

export type GovernanceDecision = "approve" | "approve-with-exception" | "reject";

/**
 * POST /api/workflow/{id}/governance-decision (reviewer portal token; in the console, an approver of
 * the current stage, see Decider), on pending-approval or validation-failed (a governance workflow
 * whose data failed at creation). approve: no error rule may
 * have failed (409 workflow.rules_failed); approve-with-exception: at least one error rule failed
 * (409 workflow.no_failed_rules) and a justification (422 workflow.justification_required), kept and
 * sealed into the PDF; both then act as approve (next stage, or sealing after the last). reject:
 * rejected, no PDF.
 */
export async function governanceDecision(
  decider: Decider,
  workflowId: string,
  decision: GovernanceDecision,
  justification: string | undefined,
  comment: string | undefined,
) {
  const reason = justification?.trim() || undefined;
  if (decision === "approve-with-exception" && !reason) {
    throw new AppError("workflow.justification_required", "approve-with-exception needs a written justification (justification)", {
      errors: [{ path: "justification", message: "is required for approve-with-exception" }],
    });
  }
  const wf = await changeWorkflow(decider.tenantId, workflowId, "governance-decision", decider.actor, (wf) => {
    const by = decider.by(wf);
    if (decision === "reject") return rejection(wf, by, reason ?? comment, "governance");
    // Rules excepted by an earlier stage's approve-with-exception no longer block a later stage's approve.
    const failed = blockingRuleIds(wf.validationResults, wf.approvalException);
    const stage = Math.max(wf.approvalStage, 1);
    const now = new Date();
    const at = now.toISOString();
    if (decision === "approve") {
      if (failed.length) {
        throw new AppError(
          "workflow.rules_failed",
          `approve needs every rule passed; failed: ${failed.join(", ")}. Use approve-with-exception with a justification, or reject`,
          {
            failedRules: failed,
          },
        );
      }
      const e: ApprovalEntry = { action: "approved", stage, by, comment: comment ?? null, at };
      return stageApproved(wf, e, now);
    }
    if (!failed.length) {
      throw new AppError("workflow.no_failed_rules", "No error rule failed, so there is nothing to approve with an exception; use approve");
    }
    const e: ApprovalEntry = { action: "approved-with-exception", stage, by, comment: reason!, at };
    const exception = { justification: reason!, failedRules: failed, stage, by, at };
    return stageApproved(wf, e, now, { approvalException: exception });
  });
  return decisionResponse(wf);
}
