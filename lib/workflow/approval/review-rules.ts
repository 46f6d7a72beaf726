import type { ApprovalException } from "./approval-types";
import type { ValidationResult } from "../validation/validation-result";

/**
 * Error rules that failed and that no earlier stage excepted: what stops a plain approve and what an
 * approve-with-exception overrides. Pure, so that the reviewer page offers exactly the decisions the
 * server then accepts (governanceDecision calls the same function).
 */
export function blockingRuleIds(results: readonly ValidationResult[], exception: ApprovalException | null | undefined): string[] {
  const excepted = new Set(exception?.failedRules ?? []);
  return results.filter((r) => !r.passed && r.severity === "error" && !excepted.has(r.ruleId)).map((r) => r.ruleId);
}

/** Which governance decisions the server would accept for these results: approve or approve-with-exception, never both; reject always. */
export function allowedDecisions(results: readonly ValidationResult[], exception: ApprovalException | null | undefined) {
  const blocking = blockingRuleIds(results, exception).length > 0;
  return { approve: !blocking, "approve-with-exception": blocking, reject: true } as const;
}
