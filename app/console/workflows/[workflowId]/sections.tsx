import type { ReactNode } from "react";
import { StatusTag } from "@/components/StatusTag";
import { SummaryList } from "@/components/SummaryList";
import { Table } from "@/components/Table";
import { bidi } from "@/components/bidi";
import type { Workflow } from "@/lib/db/schema";
import type { workflowPermissions, WorkflowConsoleAction } from "@/lib/console/workflow-actions";
import { changedSinceReview, collectedData, ruleRows, type StageRow, type workflowTimeline } from "@/lib/console/workflow-detail";
import { eventText } from "@/lib/format/event-words";
import { momentText } from "@/lib/format/moment-text";
import { dateText } from "@/lib/format/show-value";
import { isolate } from "@/lib/i18n/isolate";
import type { Locale } from "@/lib/i18n/locales";
import type { Translator } from "@/lib/i18n/translator";
import { ruleVerdict, VERDICTS } from "@/lib/workflow/approval/approval-words";
import type { listCallbackAttempts } from "@/lib/workflow/callback/list-callback-attempts";
import { fieldLabels } from "@/lib/workflow/schema/schema-format";
import styles from "../../console.module.css";
import { RULE_VERDICT_KEYS } from "@/lib/format/workflow-word-keys";
import { actorArgs, callbackWords, decisionWords } from "../workflow-words";

/**
 * The workflow page's sections, in the order the page shows them; each reads only the workflow row it
 * is given, and says it in the page's language (`t`, `locale`).
 */

/** The action links in the order shown; sealing again (a seal that failed or is stuck) reads "Retry sealing". */
const ACTION_LINKS = [
  { action: "approve", key: "console.workflows.actions.approve", look: "primary" },
  { action: "approve-with-exception", key: "console.workflows.actions.approveWithException", look: "primary" },
  { action: "request-changes", key: "console.workflows.actions.requestChanges" },
  { action: "reject", key: "console.workflows.actions.reject", look: "warning" },
  { action: "escalate", key: "console.workflows.actions.escalate" },
  { action: "seal", key: "console.workflows.actions.seal" },
  { action: "cancel", key: "console.workflows.actions.cancel" },
] as const satisfies ReadonlyArray<{
  action: WorkflowConsoleAction;
  key: `console.workflows.actions.${string}`;
  look?: "primary" | "warning";
}>;
const LOOK = { primary: styles.actionPrimary, warning: styles.actionWarning } as const;

/** A moment given as a Date or an ISO string, as the messages' `{at, date, moment}` takes it. */
const at = (d: Date | string) => (typeof d === "string" ? new Date(d) : d);

/** A list of addresses or rule ids, in the page's language's way of listing. */
const listText = (items: string[], locale: string) => new Intl.ListFormat(locale, { type: "unit", style: "short" }).format(items);

export function Actions({
  wf,
  base,
  perms,
  stages,
  t,
}: {
  wf: Workflow;
  base: string;
  perms: ReturnType<typeof workflowPermissions>;
  stages: StageRow[];
  t: Translator;
}) {
  const shown = ACTION_LINKS.filter((a) => perms.can[a.action]);
  const deciding = wf.state === "pending-approval" || wf.state === "validation-failed";
  if (!shown.length && wf.state !== "pending-approval") return null;
  const waiting = stages.find((s) => s.status === "waiting");
  const waitingOn = waiting ? [...new Set([...waiting.approvers, ...wf.escalatedTo])].map(isolate) : [];
  const people = waitingOn.join(", ");
  const canDecide = perms.can.approve || perms.can["approve-with-exception"] || perms.can.reject;
  return (
    <section aria-labelledby="actions-title">
      <h2 id="actions-title">
        {deciding ? t("console.workflows.actions.headingDecision") : t("console.workflows.actions.headingActions")}
      </h2>
      {deciding && canDecide ? (
        <p>
          {wf.state === "validation-failed"
            ? t("console.workflows.actions.validationFailed")
            : t("console.workflows.actions.approverOfStage", { stage: wf.approvalStage })}
        </p>
      ) : perms.initiator && wf.state === "pending-approval" ? (
        <p>{bidi(people ? t("console.workflows.actions.initiatorWaiting", { people }) : t("console.workflows.actions.initiator"))}</p>
      ) : wf.state === "pending-approval" ? (
        <p>{bidi(people ? t("console.workflows.actions.waitingFor", { people }) : t("console.workflows.actions.waitingForStage"))}</p>
      ) : null}
      {shown.length > 0 && (
        <div className={styles.actions}>
          {shown.map((link) => {
            const { action, key } = link;
            return (
              <a
                key={action}
                className={`${styles.actionLink} ${"look" in link ? LOOK[link.look] : ""}`}
                href={`${base}/confirm/${action}`}
              >
                {action === "seal" && wf.state === "sealing" ? t("console.workflows.actions.retrySeal") : t(key)}
              </a>
            );
          })}
        </div>
      )}
    </section>
  );
}

/** A yes or no in the page's language; any other answer as the form wrote it (isolated: the sender's options, a participant's text). */
const answer = (t: Translator, v: string | boolean | null): string | null =>
  typeof v === "boolean" ? (v ? t("document.sealed.yes") : t("document.sealed.no")) : v === null ? null : isolate(v);

export function CollectedData({ wf, t, locale }: { wf: Workflow; t: Translator; locale: string }) {
  const words = { notAnswered: t("common.form.notAnswered"), change: t("common.form.change") };
  return (
    <section aria-labelledby="data-title">
      <h2 id="data-title">{t("console.workflows.data.heading")}</h2>
      {collectedData(wf, locale).map((step, i) => (
        <div key={i}>
          {/* A schema made from a template's fields names its steps "Step n" already. */}
          <h3>
            {step.title === `Step ${i + 1}`
              ? t("document.sealed.stepNumber", { number: i + 1 })
              : bidi(t("document.sealed.step", { number: i + 1, title: isolate(step.title) }))}
          </h3>
          <SummaryList words={words} rows={step.fields.map((f) => ({ key: f.key, label: isolate(f.label), value: answer(t, f.value) }))} />
        </div>
      ))}
    </section>
  );
}

export function RuleResults({ wf, t }: { wf: Workflow; t: Translator }) {
  const rows = ruleRows(wf);
  return (
    <section aria-labelledby="rules-title">
      <h2 id="rules-title">{t("console.workflows.rules.heading")}</h2>
      {rows.length === 0 ? (
        <p>{t("console.workflows.rules.notChecked")}</p>
      ) : (
        <>
          <p className={styles.secondary}>{t("console.workflows.rules.checked", { at: wf.validatedAt ?? wf.createdAt })}</p>
          <Table
            caption={t("console.workflows.rules.caption")}
            captionHidden
            rows={rows}
            rowKey={(r) => r.ruleId}
            columns={[
              {
                key: "rule",
                header: t("console.workflows.rules.columnRule"),
                cell: (r) => (
                  <>
                    <bdi>{r.message}</bdi>
                    <div className={styles.secondary}>
                      <bdi>{r.ruleId}</bdi>
                    </div>
                  </>
                ),
              },
              {
                key: "result",
                header: t("console.workflows.rules.columnResult"),
                cell: (r) => {
                  const verdict = ruleVerdict(r, r.excepted);
                  return <StatusTag colour={VERDICTS[verdict].colour}>{t(RULE_VERDICT_KEYS[verdict])}</StatusTag>;
                },
              },
              {
                key: "severity",
                header: t("console.workflows.rules.columnSeverity"),
                cell: (r) => t("document.sealed.severity", { severity: r.severity }),
              },
              { key: "field", header: t("console.workflows.rules.columnField"), cell: (r) => <bdi>{r.fieldLabel}</bdi> },
            ]}
          />
        </>
      )}
    </section>
  );
}

export function ChangesSinceReview({ wf, t, locale }: { wf: Workflow; t: Translator; locale: string }) {
  if (!wf.reviewSnapshot && wf.changeRequests.length === 0) return null;
  const changes = changedSinceReview(wf);
  const labels = fieldLabels(wf.schema);
  const shown = (v: string | boolean | null) => bidi(answer(t, v) ?? "—");
  return (
    <section aria-labelledby="changes-title">
      <h2 id="changes-title">{t("console.workflows.changes.heading")}</h2>
      {wf.changeRequests.length > 0 && (
        <>
          <h3>{t("console.workflows.changes.asked")}</h3>
          <ul className={styles.downloads}>
            {wf.changeRequests.map((c) => (
              <li key={c.id}>
                {bidi(
                  c.fieldKey
                    ? t("console.workflows.changes.about", {
                        question: isolate(labels.get(c.fieldKey) ?? c.fieldKey),
                        message: isolate(c.message),
                      })
                    : isolate(c.message),
                )}
                <span className={styles.secondary}>
                  {" "}
                  {c.dueDate
                    ? t("console.workflows.changes.metaDue", {
                        severity: c.severity ?? "info",
                        due: dateText(c.dueDate, locale),
                        at: at(c.requestedAt),
                      })
                    : t("console.workflows.changes.meta", { severity: c.severity ?? "info", at: at(c.requestedAt) })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {wf.reviewSnapshot &&
        (changes.length === 0 ? (
          <p>{t("console.workflows.changes.noneChanged")}</p>
        ) : (
          <Table
            caption={t("console.workflows.changes.caption")}
            rows={changes}
            rowKey={(c) => c.fieldKey}
            columns={[
              { key: "field", header: t("console.workflows.changes.columnQuestion"), cell: (c) => <bdi>{c.label}</bdi> },
              { key: "before", header: t("console.workflows.changes.columnBefore"), cell: (c) => shown(c.before) },
              { key: "after", header: t("console.workflows.changes.columnNow"), cell: (c) => shown(c.after) },
            ]}
          />
        ))}
    </section>
  );
}

export function Approval({ wf, stages, t, locale }: { wf: Workflow; stages: StageRow[]; t: Translator; locale: Locale }) {
  const status = (s: StageRow): ReactNode => {
    if (s.decisions.length)
      return (
        <ul className={styles.plainList}>
          {s.decisions.map((d, i) => (
            <li key={i}>
              {bidi(t("console.workflows.approval.decision", { action: decisionWords(t, d.action), ...actorArgs(d.by), at: at(d.at) }))}
            </li>
          ))}
        </ul>
      );
    if (s.status === "waiting") return <StatusTag colour="yellow">{t("console.workflows.approval.waiting")}</StatusTag>;
    return s.status === "later" ? t("console.workflows.approval.later") : t("console.workflows.approval.notReached");
  };
  return (
    <section aria-labelledby="approval-title">
      <h2 id="approval-title">{t("console.workflows.approval.heading")}</h2>
      <Table
        caption={t("console.workflows.approval.caption", { count: stages.length })}
        captionHidden
        rows={stages}
        rowKey={(s) => String(s.stage)}
        columns={[
          {
            key: "stage",
            header: t("console.workflows.approval.columnStage"),
            cell: (s) => t("console.workflows.stageOf", { stage: s.stage, total: stages.length }),
          },
          {
            key: "approvers",
            header: t("console.workflows.approval.columnApprovers"),
            cell: (s) => (
              <>
                {s.approvers.length ? bidi(listText(s.approvers.map(isolate), locale)) : t("console.workflows.approval.none")}
                {s.status === "waiting" && wf.escalatedTo.length > 0 && (
                  <div className={styles.secondary}>
                    {bidi(t("console.workflows.approval.escalatedTo", { people: listText(wf.escalatedTo.map(isolate), locale) }))}
                  </div>
                )}
              </>
            ),
          },
          { key: "decision", header: t("console.workflows.approval.columnDecision"), cell: status },
        ]}
      />
    </section>
  );
}

export function History({ wf, t, locale }: { wf: Workflow; t: Translator; locale: Locale }) {
  const b = (chunks: ReactNode) => <strong>{chunks}</strong>;
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">{t("console.workflows.history.heading")}</h2>
      {wf.approvalHistory.length === 0 ? (
        <p>{t("console.workflows.history.none")}</p>
      ) : (
        <ol className={styles.timeline}>
          {wf.approvalHistory.map((e, i) => {
            const args = { action: decisionWords(t, e.action), ...actorArgs(e.by), stage: e.stage, to: isolate(e.to ?? ""), b };
            return (
              <li key={i}>
                {bidi(
                  e.stage > 0
                    ? e.to
                      ? t.rich("console.workflows.history.entryStageTo", args)
                      : t.rich("console.workflows.history.entryStage", args)
                    : e.to
                      ? t.rich("console.workflows.history.entryTo", args)
                      : t.rich("console.workflows.history.entry", args),
                )}
                <div className={styles.secondary}>{momentText(e.at, locale)}</div>
                {e.comment && (
                  <blockquote className={styles.quote}>
                    <bdi>{e.comment}</bdi>
                  </blockquote>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

export function Exception({ wf, t }: { wf: Workflow; t: Translator }) {
  const x = wf.approvalException;
  if (!x) return null;
  return (
    <section aria-labelledby="exception-title">
      <h2 id="exception-title">{t("console.workflows.exception.heading")}</h2>
      <SummaryList
        rows={[
          { key: "justification", label: t("console.workflows.exception.justification"), value: isolate(x.justification) },
          { key: "rules", label: t("console.workflows.exception.failedRules"), value: x.failedRules.map(isolate).join(", ") },
          {
            key: "by",
            label: t("console.workflows.exception.approvedBy"),
            value: t("console.workflows.exception.approvedByValue", { ...actorArgs(x.by), stage: x.stage, at: at(x.at) }),
          },
        ]}
      />
    </section>
  );
}

export function Callbacks({
  callbacks,
  t,
  locale,
}: {
  callbacks: Awaited<ReturnType<typeof listCallbackAttempts>>;
  t: Translator;
  locale: Locale;
}) {
  return (
    <section aria-labelledby="callbacks-title">
      <h2 id="callbacks-title">{t("console.workflows.callback.heading")}</h2>
      <SummaryList
        rows={[
          {
            key: "host",
            label: t("console.workflows.callback.receiver"),
            value: callbacks.callbackHost && isolate(callbacks.callbackHost),
          },
          { key: "status", label: t("console.workflows.callback.status"), value: callbackWords(t, callbacks.status) },
        ]}
      />
      {callbacks.attempts.length > 0 && (
        <Table
          caption={t("console.workflows.callback.caption")}
          rows={callbacks.attempts}
          rowKey={(a) => `${a.messageId}-${a.attemptNo}`}
          columns={[
            {
              key: "n",
              header: t("console.workflows.callback.columnAttempt"),
              numeric: true,
              cell: (a) => a.attemptNo.toLocaleString(locale),
            },
            { key: "at", header: t("console.workflows.callback.columnWhen"), cell: (a) => momentText(a.at, locale) },
            { key: "outcome", header: t("console.workflows.callback.columnOutcome"), cell: (a) => callbackWords(t, a.outcome) },
            {
              key: "answer",
              header: t("console.workflows.callback.columnAnswer"),
              cell: (a) => (a.statusCode ? `HTTP ${a.statusCode}` : a.error ? <bdi>{a.error}</bdi> : "–"),
            },
            {
              key: "ms",
              header: t("console.workflows.callback.columnTime"),
              numeric: true,
              cell: (a) => (a.durationMs === null ? "–" : t("console.workflows.callback.duration", { ms: a.durationMs })),
            },
          ]}
        />
      )}
    </section>
  );
}

export function Timeline({ events, t, locale }: { events: Awaited<ReturnType<typeof workflowTimeline>>; t: Translator; locale: Locale }) {
  const b = (chunks: ReactNode) => <strong>{chunks}</strong>;
  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title">{t("console.workflows.activity.heading")}</h2>
      <ol className={styles.timeline}>
        {events.map((e) => (
          <li key={e.seq}>
            {bidi(t.rich("console.workflows.activity.entry", { event: eventText(e.kind, locale), ...actorArgs(e.actor), b }))}
            <div className={styles.secondary}>{momentText(e.at, locale)}</div>
            {e.summary && <div className={styles.secondary}>{e.summary}</div>}
          </li>
        ))}
      </ol>
    </section>
  );
}
