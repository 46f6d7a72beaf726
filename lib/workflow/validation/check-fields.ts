import type { FieldError } from "@/lib/http/problem";
import type { FieldDef } from "@/lib/templates/types";
import { fieldProblem, isEmpty } from "@/lib/templates/validate-record";
import type { ValidationResult } from "./validation-result";

const compiled = new Map<string, RegExp>();

/** A field's pattern, compiled once per process (schemas are checked to compile when they load). */
export function patternOf(f: FieldDef): RegExp | undefined {
  if (!f.pattern) return undefined;
  let re = compiled.get(f.pattern);
  if (!re) {
    if (compiled.size > 1000) compiled.clear();
    re = new RegExp(f.pattern, "u");
    compiled.set(f.pattern, re);
  }
  return re;
}

/**
 * The check a value gets when it is saved (PATCH, initialData): it must be a field of the step and
 * of the field's type (an enum value one of its options). Bounds, patterns, email format and
 * `required` wait for the final advance: autosave sends half-typed values.
 */
export function checkSavedValues(fields: FieldDef[], values: Record<string, unknown>, pathPrefix: string, where: string): FieldError[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const errors: FieldError[] = [];
  for (const [key, v] of Object.entries(values)) {
    const f = byKey.get(key);
    if (!f) errors.push({ path: `${pathPrefix}${key}`, message: `${key} is not a field of ${where}` });
    else if (!isEmpty(v)) {
      const p = fieldProblem(f, v, undefined);
      if (p && (p.rule === "type" || p.rule === "options")) errors.push({ path: `${pathPrefix}${key}`, message: `${key} ${p.message}` });
    }
  }
  return errors;
}

/** Every field rule a value breaks, as failed results `field:<key>:<rule>` (passing field rules are not listed). */
export function fieldResults(fields: FieldDef[], values: Record<string, unknown>, stepIndex: number): ValidationResult[] {
  const out: ValidationResult[] = [];
  for (const f of fields) {
    const v = values[f.key];
    const p = isEmpty(v) ? (f.required ? { rule: "required", message: "is required" } : null) : fieldProblem(f, v, patternOf(f));
    if (!p) continue;
    out.push({
      ruleId: `field:${f.key}:${p.rule}`,
      passed: false,
      severity: f.severity,
      message: `${f.label ?? f.key} ${p.message}`,
      fieldKey: f.key,
      stepIndex,
    });
  }
  return out;
}
