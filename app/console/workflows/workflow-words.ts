import type { SignerState } from "@/lib/db/schema";
import type { RefusalReason, WorkflowConsoleAction, WorkflowRefusal } from "@/lib/console/workflow-actions";
import type { SignatureVerdict } from "@/lib/console/signing-detail";
import { isolate } from "@/lib/i18n/isolate";
import type { Translator } from "@/lib/i18n/translator";
import type { ApprovalEntry } from "@/lib/workflow/approval/approval-types";
import type { WorkflowState } from "@/lib/workflow/states";
import { DECISION_KEYS, STATE_IN_SENTENCE_KEYS } from "@/lib/format/workflow-word-keys";
import type { SignatureAnswer } from "@/lib/signing/verification/verification-answer";

/**
 * The console's workflow pages' words that depend on a value (a state, a decision, a refusal), from
 * the catalogues: each key is written out whole in a table, so tests/unit/i18n-catalogues.test.ts
 * finds it, and each table covers every value of its type, so no code reaches a page as it is.
 */

/** A workflow's state as the console tags it ("Waiting for approval"; the portal says "Waiting for review"). */
export const WORKFLOW_STATE_KEYS = {
  "pending-approval": "console.workflows.state.pendingApproval",
  "in-progress": "console.workflows.state.inProgress",
  "validation-failed": "console.workflows.state.validationFailed",
  "changes-requested": "console.workflows.state.changesRequested",
  sealing: "console.workflows.state.sealing",
  complete: "console.workflows.state.complete",
  rejected: "console.workflows.state.rejected",
  cancelled: "console.workflows.state.cancelled",
} as const satisfies Record<WorkflowState, string>;

export const SIGNER_STATE_KEYS = {
  waiting: "console.workflows.signerState.waiting",
  invited: "console.workflows.signerState.invited",
  viewed: "console.workflows.signerState.viewed",
  signed: "console.workflows.signerState.signed",
  declined: "console.workflows.signerState.declined",
  expired: "console.workflows.signerState.expired",
} as const satisfies Record<SignerState, string>;

const SIGNATURE_KEYS = {
  validWhole: "console.workflows.signing.validWhole",
  validLater: "console.workflows.signing.validLater",
  digest: "console.workflows.signing.invalidDigest",
  signature: "console.workflows.signing.invalidSignature",
  chain: "console.workflows.signing.invalidChain",
  timestamp: "console.workflows.signing.invalidTimestamp",
  other: "console.workflows.signing.invalidOther",
} as const satisfies Record<SignatureVerdict, string>;

/** A callback attempt's outcome, and the callback's status (which is one of them, or none or pending). */
const CALLBACK_KEYS = {
  none: "console.workflows.callback.statusNone",
  pending: "console.workflows.callback.statusPending",
  delivered: "console.workflows.callback.delivered",
  retry: "console.workflows.callback.retry",
  "gave-up": "console.workflows.callback.gaveUp",
  refused: "console.workflows.callback.refused",
} as const;

export const workflowStateWords = (t: Translator, state: string): string =>
  Object.hasOwn(WORKFLOW_STATE_KEYS, state) ? t(WORKFLOW_STATE_KEYS[state as WorkflowState]) : state;

export const signerStateWords = (t: Translator, state: SignerState): string => t(SIGNER_STATE_KEYS[state]);

export const decisionWords = (t: Translator, action: string): string =>
  Object.hasOwn(DECISION_KEYS, action) ? t(DECISION_KEYS[action as ApprovalEntry["action"]]) : action;

export const signatureWords = (t: Translator, verdict: SignatureVerdict): string => t(SIGNATURE_KEYS[verdict]);

/** A callback's status or an attempt's outcome in words; one Sealpost does not know stays as it is. */
export const callbackWords = (t: Translator, outcome: string): string =>
  Object.hasOwn(CALLBACK_KEYS, outcome) ? t(CALLBACK_KEYS[outcome as keyof typeof CALLBACK_KEYS]) : outcome;

/**
 * Who acted, as the `who` select of the messages names them: the participant's portal, Sealpost
 * itself (the scheduler, the seal job), or a person by the address recorded (`actor`, isolated).
 */
export const actorArgs = (by: string) => ({
  who: by === "portal:participant" ? "participant" : by === "system" ? "system" : "other",
  actor: isolate(by),
});

/** The file's verification summed up, from its signatures and any bytes added after the last. */
export function verificationSummary(t: Translator, v: { signatures: SignatureAnswer[]; unsignedTail: [number, number] | null }): string {
  const count = v.signatures.length;
  if (!count) return t("console.workflows.signing.summaryNone");
  const bad = v.signatures.filter((s) => !s.valid).length;
  if (bad) return t("console.workflows.signing.summaryInvalid", { bad, count });
  if (v.unsignedTail) return t("console.workflows.signing.summaryTail", { count, bytes: v.unsignedTail[1] - v.unsignedTail[0] });
  return t("console.workflows.signing.summaryValid", { count });
}

/** The action in a refusal's sentence ("so you can no longer ask for changes to it"), as its `action` select names it. */
const ACTION_VERBS = {
  approve: "approve",
  "approve-with-exception": "approve",
  reject: "reject",
  "request-changes": "requestChanges",
  escalate: "escalate",
  cancel: "cancel",
  seal: "seal",
} as const satisfies Record<WorkflowConsoleAction, string>;

const REFUSAL_KEYS = {
  invalidState: "console.workflows.refusal.invalidState",
  notApprover: "console.workflows.refusal.notApprover",
  selfApproval: "console.workflows.refusal.selfApproval",
  notInitiator: "console.workflows.refusal.notInitiator",
  noEscalationTarget: "console.workflows.refusal.noEscalationTarget",
  rulesFailed: "console.workflows.refusal.rulesFailed",
  noFailedRules: "console.workflows.refusal.noFailedRules",
  justificationRequired: "console.workflows.refusal.justificationRequired",
  fieldUnknown: "console.workflows.refusal.fieldUnknown",
  notFound: "console.workflows.refusal.notFound",
  unavailable: "console.workflows.refusal.unavailable",
  notAvailable: "console.workflows.refusal.notAvailable",
  unstorable: "console.workflows.refusal.unstorable",
  commentTooLong: "console.workflows.refusal.commentTooLong",
  justificationTooLong: "console.workflows.refusal.justificationTooLong",
  severityMissing: "console.workflows.refusal.severityMissing",
  messageTooLong: "console.workflows.refusal.messageTooLong",
  messageMissing: "console.workflows.refusal.messageMissing",
  other: "console.workflows.refusal.other",
} as const satisfies Record<RefusalReason, string>;

/** A refused action in the page's language: the state the workflow is in now, the action, a limit, or the domain's detail. */
export function refusalWords(t: Translator, r: WorkflowRefusal, action: WorkflowConsoleAction): string {
  const state = Object.hasOwn(STATE_IN_SENTENCE_KEYS, r.state ?? "")
    ? t(STATE_IN_SENTENCE_KEYS[r.state as WorkflowState])
    : (r.state ?? "");
  return t(REFUSAL_KEYS[r.reason], { state, action: ACTION_VERBS[action], max: r.max ?? 0, detail: isolate(r.detail ?? "") });
}
