import { AppError } from "@/lib/http/problem";

/** The spec's workflow states (docs/spec.md, "Workflow states"). */
export const workflowStates = [
  "in-progress",
  "pending-approval",
  "validation-failed",
  "changes-requested",
  "sealing",
  "complete",
  "rejected",
  "cancelled",
] as const;
export type WorkflowState = (typeof workflowStates)[number];

export const terminalStates: readonly WorkflowState[] = ["complete", "rejected", "cancelled"];

/**
 * Every transition, as one table: the states an action may start from and the states it may lead
 * to. Routes and jobs check here (inside the row lock) before they change anything. Decisions the
 * spec leaves open (docs/spec.md, "Decisions on what the spec leaves open"): changes-requested is worked on like
 * in-progress and its final advance resubmits; a governance decision may also be taken on a
 * validation-failed workflow (approve-with-exception exists for failed error rules); approve and
 * governance approve lead to the next stage (still pending-approval) or to sealing; escalate and
 * remind keep pending-approval; sealing ends in complete (seal-complete, by the seal job only).
 */
export const transitions = {
  "save-step": { from: ["in-progress", "changes-requested"], to: ["in-progress", "changes-requested"] },
  advance: {
    from: ["in-progress", "changes-requested"],
    to: ["in-progress", "changes-requested", "pending-approval", "validation-failed"],
  },
  "fix-validation": { from: ["validation-failed"], to: ["in-progress"] },
  approve: { from: ["pending-approval"], to: ["pending-approval", "sealing"] },
  "request-changes": { from: ["pending-approval"], to: ["changes-requested"] },
  reject: { from: ["pending-approval"], to: ["rejected"] },
  "governance-decision": { from: ["pending-approval", "validation-failed"], to: ["pending-approval", "sealing", "rejected"] },
  escalate: { from: ["pending-approval"], to: ["pending-approval"] },
  remind: { from: ["pending-approval"], to: ["pending-approval"] },
  // The spec's "any → sealing": approval skipped by the initiator or an admin (pending-approval), or a
  // failed seal sent again (sealing). Unvalidated data (in-progress, changes-requested,
  // validation-failed) is never sealed, and ended workflows stay ended.
  seal: { from: ["pending-approval", "sealing"], to: ["sealing"] },
  "seal-complete": { from: ["sealing"], to: ["complete"] },
  // E-signature (templateSettings.esign): the seal job stores the sealed record with its signature
  // page and invites the signers, staying sealing while signatures are collected; each signature
  // keeps it sealing until the last, which completes it; one decline rejects it. A new link for a
  // signer (the initiator's re-send) changes nothing of the workflow's state.
  "seal-for-signing": { from: ["sealing"], to: ["sealing"] },
  "signature-applied": { from: ["sealing"], to: ["sealing", "complete"] },
  "signature-declined": { from: ["sealing"], to: ["rejected"] },
  "signer-resend": { from: ["sealing"], to: ["sealing"] },
  // Not in the spec: anything still open may be cancelled, except a workflow being sealed; one whose
  // sealed record is collecting signatures may be (its signing voided: cancel-workflow.ts checks that).
  cancel: { from: ["in-progress", "validation-failed", "changes-requested", "pending-approval", "sealing"], to: ["cancelled"] },
} as const satisfies Record<string, { from: readonly WorkflowState[]; to: readonly WorkflowState[] }>;

export type WorkflowAction = keyof typeof transitions;

export function canDo(action: WorkflowAction, state: string): boolean {
  return (transitions[action].from as readonly string[]).includes(state);
}

/** 409 workflow.invalid_state unless `action` may start from `state`. */
export function assertCan(action: WorkflowAction, state: string): void {
  if (canDo(action, state)) return;
  const allowed = transitions[action].from;
  throw new AppError(
    "workflow.invalid_state",
    `A workflow in state ${state} cannot ${action.replace("-", " ")}; only in ${allowed.join(" or ")}`,
    {
      state,
      allowedStates: allowed,
    },
  );
}

/** Checks that an action's outcome is one its row allows (a programming error otherwise). */
export function assertOutcome(action: WorkflowAction, to: WorkflowState): void {
  if (!(transitions[action].to as readonly string[]).includes(to)) throw new Error(`transition table: ${action} cannot lead to ${to}`);
}
