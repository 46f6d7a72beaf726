import type { BatchState } from "@/lib/batch/states";

/** The colours of the design system's status tags (components/StatusTag), named by what they mean to the console. */
export type TagColour = "blue" | "green" | "red" | "yellow" | "grey";

/** Batch states in the words and colours the console shows them in, in the order of the filters. */
export const stateLabels: Record<BatchState, { label: string; colour: TagColour }> = {
  "pending-approval": { label: "Waiting for approval", colour: "yellow" },
  "changes-requested": { label: "Changes requested", colour: "yellow" },
  queued: { label: "Queued", colour: "blue" },
  processing: { label: "Processing", colour: "blue" },
  completed: { label: "Completed", colour: "green" },
  "partially-failed": { label: "Partially failed", colour: "red" },
  rejected: { label: "Rejected", colour: "red" },
  cancelled: { label: "Cancelled", colour: "grey" },
  invalid: { label: "Invalid", colour: "red" },
  approved: { label: "Approved", colour: "blue" },
};

export const stateLabel = (s: string) => stateLabels[s as BatchState] ?? { label: s, colour: "grey" as TagColour };

/** States whose progress moves on its own: pages showing one refresh themselves. */
export const liveStates: readonly string[] = ["queued", "processing"];

const actionLabels: Record<string, string> = {
  "batch.submitted": "Submitted",
  "batch.approve": "Approved",
  "batch.reject": "Rejected",
  "batch.request-changes": "Changes requested",
  "batch.cancelled": "Cancelled",
  "batch.processing": "Processing started",
  "batch.completed": "Completed",
  "batch.partially-failed": "Finished with failures",
  "batch.resumed": "Processing resumed after a stall",
  "mail.failed": "Mail could not be delivered",
};

export const timelineLabel = (action: string) => actionLabels[action] ?? action;

/** "23 November 2026, 14:05 UTC": one format for every date the console shows. */
export function when(d: Date | string | null): string {
  if (!d) return "";
  const date = typeof d === "string" ? new Date(d) : d;
  return `${date.toLocaleString("en-GB", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC`;
}
