import type { BatchState, Readiness } from "@/lib/batch/states";
import type { DeliveryState } from "@/lib/delivery/session-state";
import type { SignerState } from "@/lib/db/schema";
import type { WorkflowState } from "@/lib/workflow/states";

/**
 * The colour a page tags each state in, and the words of the states whose words are not yet the
 * catalogues': one table each for batches, workflows, signers and intake classes, used alike by the
 * console, the portal and the PDFs (receipt, sealed record, certificate), so a state is never shown
 * as its machine value. Workflow and signer states have their words in the catalogues.
 */

/** The colours of the design system's status tags (components/StatusTag), named by what they mean. */
export type TagColour = "blue" | "green" | "red" | "yellow" | "grey";

export interface StateWord {
  label: string;
  colour: TagColour;
}

/** Batch states, in the order of the console's filters. */
export const stateLabels: Record<BatchState, StateWord> = {
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

export const stateLabel = (s: string): StateWord => stateLabels[s as BatchState] ?? { label: s, colour: "grey" };

/**
 * Workflow states' tag colours, in the order of the console's filters; their words are the
 * catalogues' (`console.workflows.state.*`, app/console/workflows/workflow-words.ts).
 */
export const workflowStateTags: Record<WorkflowState, TagColour> = {
  "pending-approval": "yellow",
  "in-progress": "blue",
  "validation-failed": "red",
  "changes-requested": "yellow",
  sealing: "blue",
  complete: "green",
  rejected: "red",
  cancelled: "grey",
};

export const workflowStateTag = (s: string): TagColour => workflowStateTags[s as WorkflowState] ?? "grey";

/**
 * Workflow states as the portal says them to a participant or a reviewer, who see the workflow from
 * outside: "Waiting for review" where the console says "Waiting for approval", "Withdrawn" for
 * "Cancelled".
 */
export const participantStateLabels: Record<WorkflowState, StateWord> = {
  "in-progress": { label: "Being filled in", colour: "grey" },
  "pending-approval": { label: "Waiting for review", colour: "blue" },
  "validation-failed": { label: "Rules failed", colour: "red" },
  "changes-requested": { label: "Changes requested", colour: "yellow" },
  sealing: { label: "Approved, being sealed", colour: "green" },
  complete: { label: "Approved and sealed", colour: "green" },
  rejected: { label: "Rejected", colour: "red" },
  cancelled: { label: "Withdrawn", colour: "grey" },
};

/** Signer states' tag colours; their words are the catalogues' (`console.workflows.signerState.*`). */
export const signerStateTags: Record<SignerState, TagColour> = {
  waiting: "grey",
  invited: "blue",
  viewed: "blue",
  signed: "green",
  declined: "red",
  expired: "yellow",
};

/** How intake classed a record (the receipt and the console's batch page). */
export const intakeClassLabels: Record<"ready" | "warning" | "invalid", StateWord> = {
  ready: { label: "Ready", colour: "green" },
  warning: { label: "Warning", colour: "yellow" },
  invalid: { label: "Invalid", colour: "red" },
};

/** A batch's dispatch readiness (the API's READY, PARTIAL, INVALID: any invalid record makes the batch invalid). */
export const readinessLabels: Record<Readiness, StateWord> = {
  READY: { label: "Ready", colour: "green" },
  PARTIAL: { label: "Ready, with warnings", colour: "yellow" },
  INVALID: { label: "Not ready: some records are invalid", colour: "red" },
};

/** A delivery link that opens nothing: unknown (or malformed), expired or withdrawn. */
export type ClosedLinkState = Exclude<DeliveryState, "active"> | "unknown";

const closedLinkKeys = {
  unknown: "recipient.closed.unknown.heading",
  expired: "recipient.closed.expired.heading",
  revoked: "recipient.closed.revoked.heading",
} as const;

/**
 * What a recipient reads where a delivery link opens nothing, in their language: its page's heading,
 * its file's answer. `t` is a page's translator (getTranslations) or translatorFor's.
 */
export const closedLinkWords = (state: ClosedLinkState, t: (key: (typeof closedLinkKeys)[ClosedLinkState]) => string): string =>
  t(closedLinkKeys[state]);
