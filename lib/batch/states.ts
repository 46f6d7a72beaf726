export const batchStates = [
  "pending-approval",
  "invalid",
  "changes-requested",
  "approved",
  "queued",
  "processing",
  "completed",
  "partially-failed",
  "rejected",
  "cancelled",
] as const;
export type BatchState = (typeof batchStates)[number];

/** The only states in which a batch may be decided or cancelled (docs/spec.md, "Batch states"). */
export const openForDecision: readonly BatchState[] = ["pending-approval", "changes-requested"];

export const decisions = ["approve", "reject", "request-changes"] as const;
export type Decision = (typeof decisions)[number];

export const stateAfterDecision: Record<Decision, BatchState> = {
  approve: "queued",
  reject: "rejected",
  "request-changes": "changes-requested",
};

export type Readiness = "READY" | "PARTIAL" | "INVALID";
