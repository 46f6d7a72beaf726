/**
 * How intake classes a batch's records. docs/spec.md, "Batch detail": outcomes are DISPATCH_READY or INVALID, and "the
 * receipt classes them as ready, warning or invalid", three classes that do not overlap: a record with
 * warnings is not also counted ready. (The API's `readyCount`, a spec field, counts every
 * DISPATCH_READY record, warnings included; people read the three classes.)
 */
export interface IntakeCounts {
  total: number;
  ready: number;
  warning: number;
  invalid: number;
}

/** A stored batch's classes: its readyCount includes the records with warnings, so they are taken out. */
export function intakeCountsOf(b: { documentCount: number; readyCount: number; warningCount: number; invalidCount: number }): IntakeCounts {
  return { total: b.documentCount, ready: b.readyCount - b.warningCount, warning: b.warningCount, invalid: b.invalidCount };
}
