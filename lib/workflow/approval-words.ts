import type { ApprovalEntry } from "./approval-types";
import type { ValidationResult } from "./validation-result";

/** Words of the approval history, rule results and actors, shared by the portal's reviewer page and the console. */
const ACTIONS: Record<ApprovalEntry["action"], string> = {
  approved: "Approved",
  "approved-with-exception": "Approved with an exception",
  rejected: "Rejected",
  "changes-requested": "Changes requested",
  escalated: "Escalated",
  "seal-requested": "Sealed without approval",
};

export const actionText = (a: string): string => ACTIONS[a as ApprovalEntry["action"]] ?? a;

/**
 * Who acted, as a person reads it: decisions are by an approver's email (a reviewer link records the
 * approver it was mailed to); the participant's portal names a role; `system` is the scheduler or the seal job.
 */
export const actorText = (by: string): string => (by === "portal:participant" ? "the participant" : by === "system" ? "Sealpost" : by);

/** Failed error rules first, then failed warnings, then what passed. */
export const rank = (r: Pick<ValidationResult, "passed" | "severity">) => (r.passed ? 2 : r.severity === "error" ? 0 : 1);
