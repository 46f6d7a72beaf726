import type { StoredValue, WorkflowData } from "@/lib/db/json/workflow-data";
import type { WorkflowSchema } from "./schema-format";

/** A workflow's data: one object per step (by step index), field key to stored value. */
export type { StoredValue, WorkflowData } from "@/lib/db/json/workflow-data";

export const emptyData = (schema: WorkflowSchema): WorkflowData => schema.steps.map(() => ({}));

/** Field key to value over every step: what rules and the export see (a key lives in exactly one step). */
export function flatValues(data: WorkflowData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const step of data) for (const [k, v] of Object.entries(step)) out[k] = v.value;
  return out;
}

/** A step's values without their times, as the step entity and the bootstrap payload show them. */
export const stepValues = (step: Record<string, StoredValue> | undefined): Record<string, unknown> =>
  Object.fromEntries(Object.entries(step ?? {}).map(([k, v]) => [k, v.value]));

/** The latest field write of a step, or null when nothing was written. */
export function stepUpdatedAt(step: Record<string, StoredValue> | undefined): string | null {
  let latest: string | null = null;
  for (const v of Object.values(step ?? {})) if (!latest || v.updatedAt > latest) latest = v.updatedAt;
  return latest;
}

/** Field key to the index of the step that holds it. */
export function stepIndexByField(schema: WorkflowSchema): Map<string, number> {
  const m = new Map<string, number>();
  schema.steps.forEach((s, i) => s.fields.forEach((f) => m.set(f.key, i)));
  return m;
}

/** Writes values into a step (null or undefined removes the field), stamping each with `at`. */
export function mergeStep(data: WorkflowData, stepIndex: number, values: Record<string, unknown>, at: string): WorkflowData {
  const next = data.map((s) => ({ ...s }));
  const step = next[stepIndex];
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === undefined) delete step[k];
    else step[k] = { value: v, updatedAt: at };
  }
  return next;
}
