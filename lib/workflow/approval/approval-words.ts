import type { ApprovalEntry } from "./approval-types";
import type { ValidationResult } from "../validation/validation-result";

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

/**
 * What a rule's result means, in one word for every place that shows it (the reviewer page, the
 * console, the sealed record): only a failed error stops approval, so a failed warning is a warning,
 * and an error an approver excepted is marked failed but not red.
 */
export type RuleVerdict = "passed" | "warning" | "failed" | "excepted";

export const ruleVerdict = (r: Pick<ValidationResult, "passed" | "severity">, excepted = false): RuleVerdict =>
  r.passed ? "passed" : r.severity === "warning" ? "warning" : excepted ? "excepted" : "failed";

export const VERDICTS: Record<RuleVerdict, { word: string; colour: "green" | "yellow" | "red" }> = {
  passed: { word: "Passed", colour: "green" },
  warning: { word: "Warning", colour: "yellow" },
  failed: { word: "Failed", colour: "red" },
  excepted: { word: "Failed, exception granted", colour: "yellow" },
};

export const severityText = (severity: ValidationResult["severity"]): string => (severity === "error" ? "Error" : "Warning");

/** Failed error rules first, then failed warnings, then what passed. */
export const rank = (r: Pick<ValidationResult, "passed" | "severity">) => (r.passed ? 2 : r.severity === "error" ? 0 : 1);
