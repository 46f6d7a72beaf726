import { fieldResults } from "./check-fields";
import { conditionHolds } from "./logic";
import type { WorkflowSchema } from "../schema/schema-format";
import { flatValues, stepIndexByField, type WorkflowData } from "../schema/step-data";
import { outcomeOf, type ValidationOutcome, type ValidationResult } from "./validation-result";

/**
 * The final-step validation: every field rule of every step (failures listed) and every cross-field
 * rule (each listed, passed or not). Conditions see every field of the schema, empty ones as null.
 */
export function validateData(schema: WorkflowSchema, data: WorkflowData): { outcome: ValidationOutcome; results: ValidationResult[] } {
  const values = flatValues(data);
  const results = schema.steps.flatMap((s, i) => fieldResults(s.fields, values, i));
  const scope: Record<string, unknown> = {};
  for (const s of schema.steps) for (const f of s.fields) scope[f.key] = values[f.key] ?? null;
  const stepOf = stepIndexByField(schema);
  for (const rule of schema.rules) {
    const { holds, error } = conditionHolds(rule.condition, scope);
    results.push({
      ruleId: rule.id,
      passed: holds,
      severity: rule.severity,
      message: error ? `${rule.message} (the rule could not be evaluated: ${error.slice(0, 200)})` : rule.message,
      fieldKey: rule.fieldKey,
      stepIndex: stepOf.get(rule.fieldKey) ?? 0,
    });
  }
  return { outcome: outcomeOf(results), results };
}

/** The step of the first failing error-severity result, in step order (where fix-validation resumes). */
export function firstFailingStep(results: ValidationResult[]): number {
  const failing = results.filter((r) => !r.passed && r.severity === "error").map((r) => r.stepIndex);
  return failing.length ? Math.min(...failing) : 0;
}
