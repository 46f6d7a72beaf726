import type { Workflow } from "@/lib/db/schema";
import type { SealedWorkflowInput } from "@/lib/pdf/sealed-workflow";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { answerText, dateText } from "@/lib/format/show-value";
import type { ApprovalEntry, ChangeRequest } from "../approval/approval-types";
import { actionText, actorText, ruleVerdict, severityText, VERDICTS } from "../approval/approval-words";
import { eventText } from "@/lib/format/event-words";
import { momentText } from "@/lib/format/moment-text";
import { workflowStateLabel } from "@/lib/format/state-words";
import { fieldLabels } from "../schema/schema-format";

interface EventRow {
  at: string;
  kind: string;
  actor: string;
  detail: Record<string, unknown>;
}

/** A stored value as a person reads it in the sealed record. */
export function displayValue(v: unknown): string {
  if (v === undefined || v === null || v === "") return "—";
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "string" || typeof v === "number") return String(v);
  return JSON.stringify(v);
}

/** One line per audit event: the state change in words, and the step or fields (by their labels) it touched (also the console's timeline). */
export function eventSummary(e: Pick<EventRow, "detail">, labels: Map<string, string> = new Map()): string {
  const d = e.detail;
  const parts: string[] = [];
  if (typeof d.from === "string" && typeof d.to === "string" && d.from !== d.to)
    parts.push(`from ${workflowStateLabel(d.from).label.toLowerCase()} to ${workflowStateLabel(d.to).label.toLowerCase()}`);
  if (Array.isArray(d.fields)) parts.push(`fields ${d.fields.map((k) => labels.get(String(k)) ?? String(k)).join(", ")}`);
  if (typeof d.escalatedTo === "string") parts.push(`escalated to ${d.escalatedTo}`);
  if (typeof d.comment === "string" && d.comment) parts.push(`"${d.comment}"`);
  if (typeof d.recipient === "string" && typeof d.reason === "string") parts.push(`to ${d.recipient}: ${d.reason}`);
  return parts.join("; ");
}

/**
 * Each change a changes-requested entry asked for, as one line: "Email: use your work address
 * (warning, by 2026-04-01)". Entries written before the history kept the requests have only a count;
 * the latest round's requests are still on the workflow (changeRequests, with the entry's time), so
 * that round is shown from there.
 */
export function changeLines(wf: Pick<Workflow, "schema" | "changeRequests" | "settings">, h: ApprovalEntry): string[] {
  if (h.action !== "changes-requested") return [];
  const asked = h.changes ?? (wf.changeRequests.length && wf.changeRequests.every((c) => c.requestedAt === h.at) ? wf.changeRequests : []);
  const labels = fieldLabels(wf.schema);
  const line = (c: ChangeRequest) => {
    const about = [c.severity, c.category, c.dueDate ? `by ${dateText(c.dueDate, wf.settings.locale ?? DEFAULT_LOCALE)}` : null]
      .filter(Boolean)
      .join(", ");
    return `${c.fieldKey ? `${labels.get(c.fieldKey) ?? c.fieldKey}: ` : ""}${c.message} (${about})`;
  };
  return asked.map(line);
}

/**
 * What the seal job lays out: the workflow's data by step with labels, every rule result, history,
 * exception, audit trail; every moment written for the workflow's locale with its time zone, every
 * action, event and actor in words (the audit trail keeps each event's kind beside them, for auditors).
 */
export function sealInput(wf: Workflow, events: EventRow[], sealedAt: Date): SealedWorkflowInput {
  const locale = wf.settings.locale ?? DEFAULT_LOCALE;
  const labels = fieldLabels(wf.schema);
  return {
    workflowId: wf.id,
    correlationId: wf.correlationId,
    title: wf.title,
    documentId: wf.settings.options.documentId ?? null,
    templatePath: wf.templatePath,
    templateVersion: wf.templateVersion,
    initiator: actorText(wf.createdBy),
    createdAt: momentText(wf.createdAt, locale),
    sealedAt: momentText(sealedAt, locale),
    steps: wf.schema.steps.map((s, i) => ({
      title: s.title,
      fields: s.fields.map((f) => ({
        key: f.key,
        label: f.label ?? f.key,
        value: answerText(f, wf.data[i]?.[f.key]?.value, locale) ?? "—",
      })),
    })),
    results: wf.validationResults.map((r) => {
      const verdict = VERDICTS[ruleVerdict(r, Boolean(wf.approvalException?.failedRules.includes(r.ruleId)))];
      return {
        ruleId: r.ruleId,
        result: verdict.word,
        tone: verdict.colour,
        severity: severityText(r.severity),
        message: r.message,
        field: labels.get(r.fieldKey) ?? r.fieldKey,
      };
    }),
    validationOutcome: wf.validationOutcome ?? "not run",
    history: wf.approvalHistory.map((h) => ({
      at: momentText(h.at, locale),
      action: actionText(h.action),
      stage: h.stage,
      by: actorText(h.by),
      comment: h.comment,
      to: h.to,
      changes: changeLines(wf, h),
    })),
    exception: wf.approvalException && {
      ...wf.approvalException,
      by: actorText(wf.approvalException.by),
      at: momentText(wf.approvalException.at, locale),
    },
    audit: events.map((e) => ({
      at: momentText(e.at, locale, undefined, { seconds: true }),
      what: eventText(e.kind),
      kind: e.kind,
      actor: actorText(e.actor),
      summary: eventSummary(e, labels),
    })),
  };
}
