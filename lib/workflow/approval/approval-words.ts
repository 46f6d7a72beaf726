import type { ValidationResult } from "../validation/validation-result";

/**
 * What a rule's result means, in one word for every place that shows it (the reviewer page, the
 * console, the sealed record): only a failed error stops approval, so a failed warning is a warning,
 * and an error an approver excepted is marked failed but not red.
 */
export type RuleVerdict = "passed" | "warning" | "failed" | "excepted";

export const ruleVerdict = (r: Pick<ValidationResult, "passed" | "severity">, excepted = false): RuleVerdict =>
  r.passed ? "passed" : r.severity === "warning" ? "warning" : excepted ? "excepted" : "failed";

/** The colour each verdict is tagged in; its words are the catalogues' (`document.sealed.verdict.*`, the reviewer page's). */
export const VERDICTS: Record<RuleVerdict, { colour: "green" | "yellow" | "red" }> = {
  passed: { colour: "green" },
  warning: { colour: "yellow" },
  failed: { colour: "red" },
  excepted: { colour: "yellow" },
};

/** Failed error rules first, then failed warnings, then what passed. */
export const rank = (r: Pick<ValidationResult, "passed" | "severity">) => (r.passed ? 2 : r.severity === "error" ? 0 : 1);
