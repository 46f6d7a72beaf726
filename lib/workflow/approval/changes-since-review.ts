import type { Workflow } from "@/lib/db/schema";
import { flatValues, stepIndexByField } from "../schema/step-data";

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Per field, what the participant changed since the reviewer last requested changes: `before` as
 * reviewed, `after` as now (null for a value that is not there). Empty before any review.
 */
export function changesSinceReview(
  wf: Workflow,
): Array<{ fieldKey: string; label: string; stepIndex: number; before: unknown; after: unknown }> {
  if (!wf.reviewSnapshot) return [];
  const before = wf.reviewSnapshot;
  const after = flatValues(wf.data);
  const stepOf = stepIndexByField(wf.schema);
  return wf.schema.steps.flatMap((s) =>
    s.fields
      .filter((f) => !same(before[f.key], after[f.key]))
      .map((f) => ({
        fieldKey: f.key,
        label: f.label ?? f.key,
        stepIndex: stepOf.get(f.key)!,
        before: before[f.key] ?? null,
        after: after[f.key] ?? null,
      })),
  );
}
