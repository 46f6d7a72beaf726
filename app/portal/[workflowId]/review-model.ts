import type { FieldDef } from "@/lib/templates/types";
import type { ApprovalEntry } from "@/lib/workflow/approval/approval-types";
import type { GovernanceDecision } from "@/lib/workflow/approval/review-form";
import { canDo } from "@/lib/workflow/states";
import type { ValidationResult } from "@/lib/workflow/validation/validation-result";
import { isolate } from "@/lib/i18n/isolate";
import { labelOf, type Bootstrap } from "./bootstrap";

/** What the reviewer just did, for the outcome page. */
export type ReviewAction = GovernanceDecision | "request-changes";

export interface FieldPlace {
  field: FieldDef;
  stepIndex: number;
  stepTitle: string;
}

/** Every field of the schema by key, with its step. */
export const fieldPlaces = (boot: Bootstrap): Map<string, FieldPlace> =>
  new Map(boot.steps.flatMap((s) => s.fields.map((f) => [f.key, { field: f, stepIndex: s.stepIndex, stepTitle: s.title }] as const)));

/** A field's label, or its key when the schema no longer has it: the template's words, isolated (lib/i18n/isolate.ts). */
export const fieldLabel = (places: Map<string, FieldPlace>, key: string | null | undefined): string | null =>
  key ? isolate(places.has(key) ? labelOf(places.get(key)!.field) : key) : null;

/**
 * What this reviewer link may do now: the server's transition table for the state, and the server's
 * answer on whether the link's approver and stage may decide, so the page offers no dead button.
 */
export const reviewerMay = (boot: Bootstrap) => {
  const link = boot.reviewer?.mayDecide === true;
  return {
    requestChanges: link && canDo("request-changes", boot.workflow.state),
    decide: link && canDo("governance-decision", boot.workflow.state),
  };
};

export const results = (boot: Bootstrap): ValidationResult[] => (Array.isArray(boot.validationResults) ? boot.validationResults : []);
export const history = (boot: Bootstrap): ApprovalEntry[] => (Array.isArray(boot.approvalHistory) ? boot.approvalHistory : []);
export const changesSince = (boot: Bootstrap) => (Array.isArray(boot.changesSinceReview) ? boot.changesSinceReview : []);

export { rank, ruleVerdict, VERDICTS, type RuleVerdict } from "@/lib/workflow/approval/approval-words";
export { participantStateLabels as STATE_TAGS } from "@/lib/format/state-words";
