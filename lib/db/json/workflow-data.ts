/** One field's stored value and when it was last written. */
export interface StoredValue {
  value: unknown;
  updatedAt: string;
}

/** A workflow's data (workflows.data): one object per step (by step index), field key to stored value. */
export type WorkflowData = Array<Record<string, StoredValue>>;

/** Validation result item (docs/spec.md, "Workflow create request": other workflow shapes), plus the index of the step that holds the field (workflows.validationResults). */
export interface ValidationResult {
  ruleId: string;
  passed: boolean;
  severity: "error" | "warning";
  message: string;
  fieldKey: string;
  stepIndex: number;
}
