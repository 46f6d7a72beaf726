import type { Workflow } from "@/lib/db/schema";
import type { ApprovalEntry } from "@/lib/workflow/approval/approval-types";
import { rank } from "@/lib/workflow/approval/approval-words";
import { stageApprovers } from "@/lib/workflow/approval/approvers";
import { changesSinceReview } from "@/lib/workflow/approval/changes-since-review";
import { listActivity } from "@/lib/workflow/list-activity";
import { totalApprovalStages } from "@/lib/workflow/present-workflow";
import { displayValue, eventSummary } from "@/lib/workflow/sealing/seal-input";
import type { Locale } from "@/lib/i18n/locales";
import { answerText } from "@/lib/format/show-value";
import { fieldLabels } from "@/lib/workflow/schema/schema-format";

const DECISIONS: readonly ApprovalEntry["action"][] = ["approved", "approved-with-exception", "rejected"];

export interface StageRow {
  stage: number;
  approvers: string[];
  /** Decisions of this stage in the current round (since the last request for changes: approval then restarts at stage 1). */
  decisions: ApprovalEntry[];
  status: "decided" | "waiting" | "later" | "not-reached";
}

/** Each approval stage with its approvers and who has decided it in the current round. */
export function approvalStages(wf: Workflow, tenantApprovers: string[]): StageRow[] {
  const lastRestart = wf.approvalHistory.findLastIndex((e) => e.action === "changes-requested");
  const round = wf.approvalHistory.slice(lastRestart + 1).filter((e) => DECISIONS.includes(e.action));
  const waitingStage = wf.state === "pending-approval" ? wf.approvalStage : 0;
  return Array.from({ length: totalApprovalStages(wf) }, (_, i) => {
    const stage = i + 1;
    const decisions = round.filter((e) => Math.max(e.stage, 1) === stage);
    const status = decisions.length
      ? "decided"
      : stage === waitingStage
        ? "waiting"
        : waitingStage && stage > waitingStage
          ? "later"
          : "not-reached";
    return { stage, approvers: stageApprovers(wf, tenantApprovers, stage), decisions, status };
  });
}

/**
 * The collected data by step, each field with its schema label and its answer: a yes or no as it is
 * (the page says it in its language), any other as its reader writes it (numbers and dates in the
 * page's `locale`, as the portal writes them; an option by its label); null when unanswered.
 */
export function collectedData(wf: Workflow, locale: string) {
  return wf.schema.steps.map((s, i) => ({
    title: s.title,
    fields: s.fields.map((f) => {
      const value = wf.data[i]?.[f.key]?.value;
      return {
        key: f.key,
        label: f.label ?? f.key,
        value: typeof value === "boolean" ? value : answerText(f, value, locale),
      };
    }),
  }));
}

/** Every rule result with its field's label, failed errors first, then failed warnings, then the rest. */
export function ruleRows(wf: Workflow) {
  const labels = fieldLabels(wf.schema);
  return [...wf.validationResults]
    .sort((a, b) => rank(a) - rank(b))
    .map((r) => ({
      ...r,
      fieldLabel: labels.get(r.fieldKey) ?? r.fieldKey,
      excepted: Boolean(wf.approvalException?.failedRules.includes(r.ruleId)),
    }));
}

/** What changed since the reviewer last asked for changes: a yes or no as it is, any other value as text; null for none. */
export const changedSinceReview = (wf: Workflow) =>
  changesSinceReview(wf).map((c) => ({ ...c, before: shownValue(c.before), after: shownValue(c.after) }));

const shownValue = (v: unknown): string | boolean | null =>
  typeof v === "boolean" ? v : v === undefined || v === null || v === "" ? null : displayValue(v);

/** The workflow's recorded changes, oldest first, each with a one-line summary in `locale` (as in the sealed PDF's audit trail). */
export async function workflowTimeline(wf: Workflow, locale: Locale) {
  const { events } = await listActivity(wf.tenantId, wf.id);
  const labels = fieldLabels(wf.schema);
  return events.map((e) => ({ seq: e.seq, kind: e.kind, actor: e.actor, at: e.at, summary: eventSummary(e, labels, locale) }));
}

/** The schema's fields as choices (for a change request about one question), in step order, each with its step's title. */
export const fieldChoices = (wf: Workflow) =>
  wf.schema.steps.flatMap((s) => s.fields.map((f) => ({ value: f.key, step: s.title, label: f.label ?? f.key })));
