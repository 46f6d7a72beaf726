import type { ValidationResult } from "@/lib/db/json/workflow-data";

/** Validation result item (docs/spec.md, "Workflow create request": other workflow shapes), plus the index of the step that holds the field. */
export type { ValidationResult } from "@/lib/db/json/workflow-data";

export type ValidationOutcome = "passed" | "failed";

/** Failed when any error-severity result failed; warnings are listed but do not stop approval. */
export const outcomeOf = (results: ValidationResult[]): ValidationOutcome =>
  results.some((r) => !r.passed && r.severity === "error") ? "failed" : "passed";
