import type { BatchState } from "@/lib/batch/states";

/**
 * The catalogue keys of a batch's states and of intake's classes of a record: one name for each on
 * the intake receipt and in the console (their colours are state-words.ts's).
 */
export const BATCH_STATE_KEYS = {
  "pending-approval": "document.receipt.batchState.pendingApproval",
  "changes-requested": "document.receipt.batchState.changesRequested",
  queued: "document.receipt.batchState.queued",
  processing: "document.receipt.batchState.processing",
  completed: "document.receipt.batchState.completed",
  "partially-failed": "document.receipt.batchState.partiallyFailed",
  rejected: "document.receipt.batchState.rejected",
  cancelled: "document.receipt.batchState.cancelled",
  invalid: "document.receipt.batchState.invalid",
  approved: "document.receipt.batchState.approved",
} as const satisfies Record<BatchState, string>;

export const INTAKE_CLASS_KEYS = {
  ready: "document.receipt.class.ready",
  warning: "document.receipt.class.warning",
  invalid: "document.receipt.class.invalid",
} as const;
