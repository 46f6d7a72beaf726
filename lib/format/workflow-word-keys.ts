import type { ApprovalEntry } from "@/lib/workflow/approval/approval-types";
import type { RuleVerdict } from "@/lib/workflow/approval/approval-words";
import type { WorkflowState } from "@/lib/workflow/states";

/**
 * Catalogue keys of a workflow's values that several surfaces say alike, one table each: the sealed
 * record and the console name a state inside a sentence and a rule's verdict with the sealed record's
 * words; the reviewer page and the console name an approval decision with the reviewer page's.
 * Each key is written out whole, so tests/unit/i18n-catalogues.test.ts finds it.
 */

/** A workflow's state in the middle of a sentence ("from being filled in to waiting for approval"). */
export const STATE_IN_SENTENCE_KEYS = {
  "in-progress": "document.sealed.state.inProgress",
  "pending-approval": "document.sealed.state.pendingApproval",
  "validation-failed": "document.sealed.state.validationFailed",
  "changes-requested": "document.sealed.state.changesRequested",
  sealing: "document.sealed.state.sealing",
  complete: "document.sealed.state.complete",
  rejected: "document.sealed.state.rejected",
  cancelled: "document.sealed.state.cancelled",
} as const satisfies Record<WorkflowState, string>;

/** A rule's result. */
export const RULE_VERDICT_KEYS = {
  passed: "document.sealed.verdict.passed",
  warning: "document.sealed.verdict.warning",
  failed: "document.sealed.verdict.failed",
  excepted: "document.sealed.verdict.excepted",
} as const satisfies Record<RuleVerdict, string>;

/** A decision of the approval history. */
export const DECISION_KEYS = {
  approved: "portal.review.action.approved",
  "approved-with-exception": "portal.review.action.approvedWithException",
  rejected: "portal.review.action.rejected",
  "changes-requested": "portal.review.action.changesRequested",
  escalated: "portal.review.action.escalated",
  "seal-requested": "portal.review.action.sealRequested",
} as const satisfies Record<ApprovalEntry["action"], string>;
