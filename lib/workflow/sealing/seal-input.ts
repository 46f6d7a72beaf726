import type { Workflow } from "@/lib/db/schema";
import type { SealedWorkflowInput } from "@/lib/pdf/sealed-workflow";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translatorFor, type Translator } from "@/lib/i18n/translator";
import { answerText, dateText } from "@/lib/format/show-value";
import type { ApprovalEntry, ChangeRequest } from "../approval/approval-types";
import { ruleVerdict, VERDICTS } from "../approval/approval-words";
import { eventText } from "@/lib/format/event-words";
import { RULE_VERDICT_KEYS, STATE_IN_SENTENCE_KEYS } from "@/lib/format/workflow-word-keys";
import { momentText } from "@/lib/format/moment-text";
import { workflowDocumentLocale } from "../person-locales";
import type { WorkflowState } from "../states";
import { fieldLabels } from "../schema/schema-format";

interface EventRow {
  at: string;
  kind: string;
  actor: string;
  detail: Record<string, unknown>;
}

/** A stored value as a person reads it in the console. */
export function displayValue(v: unknown): string {
  if (v === undefined || v === null || v === "") return "—";
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "string" || typeof v === "number") return String(v);
  return JSON.stringify(v);
}

const ACTIONS = {
  approved: "document.sealed.action.approved",
  "approved-with-exception": "document.sealed.action.approvedWithException",
  rejected: "document.sealed.action.rejected",
  "changes-requested": "document.sealed.action.changesRequested",
  escalated: "document.sealed.action.escalated",
  "seal-requested": "document.sealed.action.sealRequested",
} as const satisfies Record<ApprovalEntry["action"], string>;

/** A state or an action in words; one without words stays as it is rather than vanish. */
const stateWord = (t: Translator, state: string) =>
  Object.hasOwn(STATE_IN_SENTENCE_KEYS, state) ? t(STATE_IN_SENTENCE_KEYS[state as WorkflowState]) : state;
const actionWord = (t: Translator, action: string) =>
  Object.hasOwn(ACTIONS, action) ? t(ACTIONS[action as ApprovalEntry["action"]]) : action;

/**
 * Who acted, as the record says it: decisions are by an approver's email (a reviewer link records
 * the approver it was mailed to); the participant's portal names a role; `system` is Sealpost's
 * scheduler or seal job.
 */
const actorIn = (t: Translator, by: string): string =>
  by === "portal:participant" ? t("document.sealed.participant") : by === "system" ? "Sealpost" : by;

/**
 * One line per audit event: the state change in words, and the step or fields (by their labels) it
 * touched; in `locale`, the console's English by default (its timeline shows the same line).
 */
export function eventSummary(
  e: Pick<EventRow, "detail">,
  labels: Map<string, string> = new Map(),
  locale: Locale = DEFAULT_LOCALE,
): string {
  const t = translatorFor(locale);
  const d = e.detail;
  const parts: string[] = [];
  if (typeof d.from === "string" && typeof d.to === "string" && d.from !== d.to)
    parts.push(t("document.sealed.summary.transition", { from: stateWord(t, d.from), to: stateWord(t, d.to) }));
  if (Array.isArray(d.fields))
    parts.push(t("document.sealed.summary.fields", { fields: d.fields.map((k) => labels.get(String(k)) ?? String(k)).join(", ") }));
  if (typeof d.escalatedTo === "string") parts.push(t("document.sealed.summary.escalated", { email: d.escalatedTo }));
  if (typeof d.comment === "string" && d.comment) parts.push(t("document.sealed.summary.comment", { comment: d.comment }));
  if (typeof d.recipient === "string" && typeof d.reason === "string")
    parts.push(t("document.sealed.summary.mailFailed", { recipient: d.recipient, reason: d.reason }));
  return parts.join(t("document.sealed.summary.separator"));
}

/**
 * Each change a changes-requested entry asked for, as one line: "Email: use your work address
 * (warning, by 1 April 2026)". Entries written before the history kept the requests have only a count;
 * the latest round's requests are still on the workflow (changeRequests, with the entry's time), so
 * that round is shown from there.
 */
export function changeLines(wf: Pick<Workflow, "schema" | "changeRequests" | "settings">, h: ApprovalEntry, locale: Locale): string[] {
  if (h.action !== "changes-requested") return [];
  const t = translatorFor(locale);
  const asked = h.changes ?? (wf.changeRequests.length && wf.changeRequests.every((c) => c.requestedAt === h.at) ? wf.changeRequests : []);
  const labels = fieldLabels(wf.schema);
  const line = (c: ChangeRequest) => {
    const about = [
      c.severity ? t("document.sealed.changeSeverity", { severity: c.severity }) : null,
      c.category,
      c.dueDate ? t("document.sealed.changeDue", { due: dateText(c.dueDate, locale) }) : null,
    ]
      .filter(Boolean)
      .join(t("document.sealed.changeSeparator"));
    return c.fieldKey
      ? t("document.sealed.changeOnField", { field: labels.get(c.fieldKey) ?? c.fieldKey, message: c.message, about })
      : t("document.sealed.change", { message: c.message, about });
  };
  return asked.map(line);
}

/**
 * What the seal job lays out, in the workflow's language (workflowDocumentLocale, `tenantLocale` the
 * tenant's default): the workflow's
 * data by step with labels, every rule result, history, exception, audit trail; every moment with its
 * time zone, every action, event and actor in words (the audit trail keeps each event's kind beside
 * them, for auditors). Answers are written as the workflow's own locale writes dates and numbers.
 */
export function sealInput(wf: Workflow, events: EventRow[], sealedAt: Date, tenantLocale: string | null = null): SealedWorkflowInput {
  const locale = workflowDocumentLocale(wf, tenantLocale);
  const t = translatorFor(locale);
  const values = wf.settings.locale ?? locale;
  const labels = fieldLabels(wf.schema);
  const answer = (f: Parameters<typeof answerText>[0], v: unknown) =>
    typeof v === "boolean" ? t(v ? "document.sealed.yes" : "document.sealed.no") : (answerText(f, v, values) ?? "—");
  return {
    locale,
    workflowId: wf.id,
    correlationId: wf.correlationId,
    title: wf.title,
    documentId: wf.settings.options.documentId ?? null,
    templatePath: wf.templatePath,
    templateVersion: wf.templateVersion,
    initiator: actorIn(t, wf.createdBy),
    createdAt: momentText(wf.createdAt, locale),
    sealedAt: momentText(sealedAt, locale),
    steps: wf.schema.steps.map((s, i) => ({
      title: s.title,
      fields: s.fields.map((f) => ({ key: f.key, label: f.label ?? f.key, value: answer(f, wf.data[i]?.[f.key]?.value) })),
    })),
    results: wf.validationResults.map((r) => {
      const verdict = ruleVerdict(r, Boolean(wf.approvalException?.failedRules.includes(r.ruleId)));
      return {
        ruleId: r.ruleId,
        result: t(RULE_VERDICT_KEYS[verdict]),
        tone: VERDICTS[verdict].colour,
        severity: t("document.sealed.severity", { severity: r.severity }),
        message: r.message,
        field: labels.get(r.fieldKey) ?? r.fieldKey,
      };
    }),
    validationOutcome: wf.validationOutcome,
    history: wf.approvalHistory.map((h) => ({
      at: momentText(h.at, locale),
      action: actionWord(t, h.action),
      stage: h.stage,
      by: actorIn(t, h.by),
      comment: h.comment,
      to: h.to,
      changes: changeLines(wf, h, locale),
    })),
    exception: wf.approvalException && {
      ...wf.approvalException,
      by: actorIn(t, wf.approvalException.by),
      at: momentText(wf.approvalException.at, locale),
    },
    audit: events.map((e) => ({
      at: momentText(e.at, locale, undefined, { seconds: true }),
      what: eventText(e.kind, locale),
      kind: e.kind,
      actor: actorIn(t, e.actor),
      summary: eventSummary(e, labels, locale),
    })),
  };
}
