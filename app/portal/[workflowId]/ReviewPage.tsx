"use client";
import { Button, ButtonGroup } from "@/components/Button";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { StatusTag } from "@/components/StatusTag";
import { SummaryList } from "@/components/SummaryList";
import { blockingRuleIds } from "@/lib/workflow/approval/review-rules";
import type { ValidationResult } from "@/lib/workflow/validation/validation-result";
import { answerText } from "@/lib/format/show-value";
import { changeRequestsOf, type Bootstrap } from "./bootstrap";
import { momentText } from "@/lib/format/moment-text";
import {
  actionText,
  actorText,
  changesSince,
  fieldLabel,
  fieldPlaces,
  history,
  rank,
  results,
  reviewerMay,
  ruleVerdict,
  severityText,
  STATE_TAGS,
  VERDICTS,
  type FieldPlace,
} from "./review-model";
import styles from "./review.module.css";
import { useHeadingFocus } from "./use-heading-focus";
import { plural } from "@/lib/plural";

/**
 * The reviewer's page (the approval mail's link): the submitted answers by step, every rule result
 * with failed error rules marked, what changed since the reviewer asked for changes, the decisions so
 * far, and the two ways on: ask for changes, or decide.
 */
export function ReviewPage({
  boot,
  onRequestChanges,
  onDecide,
}: {
  boot: Bootstrap;
  onRequestChanges: (fieldKey?: string) => void;
  onDecide: () => void;
}) {
  const heading = useHeadingFocus();
  const { workflow } = boot;
  const places = fieldPlaces(boot);
  const all = results(boot);
  const blocking = new Set(blockingRuleIds(all, boot.approvalException));
  const failedFields = new Set(all.filter((r) => blocking.has(r.ruleId)).map((r) => r.fieldKey));
  const changed = changesSince(boot);
  const changedKeys = new Set(changed.map((c) => c.fieldKey));
  const may = reviewerMay(boot);
  const tag = STATE_TAGS[workflow.state];

  return (
    <>
      <Caption>{workflow.title}</Caption>
      <h1 tabIndex={-1} ref={heading}>
        Review the answers
      </h1>
      <ul className={styles.meta}>
        <li>
          Status: <StatusTag colour={tag.colour}>{tag.label}</StatusTag>
        </li>
        {workflow.currentApprovalStage > 0 && (
          <li>
            Approval stage {workflow.currentApprovalStage} of {workflow.totalApprovalStages}
          </li>
        )}
        <li>Reference: {workflow.correlationId}</li>
        {boot.reviewer && <li>Reviewing as {boot.reviewer.email}</li>}
        {momentText(boot.validatedAt, workflow.locale) && <li>Submitted and checked: {momentText(boot.validatedAt, workflow.locale)}</li>}
      </ul>

      {blocking.size > 0 && (
        <NotificationBanner variant="warning" title="Rules failed" heading={`${plural(blocking.size, "rule")} that must pass did not`}>
          <p>
            You can approve only with an exception and a written justification{may.requestChanges ? ", ask for changes," : ""} or reject.
          </p>
        </NotificationBanner>
      )}

      {changed.length > 0 && (
        <section aria-labelledby="review-changed">
          <h2 id="review-changed">Changed since you asked for changes</h2>
          <SummaryList
            rows={changed.map((c) => {
              const f = places.get(c.fieldKey)?.field;
              return {
                key: c.fieldKey,
                label: c.label,
                value: answerText(f, c.after, workflow.locale),
                extra: <span className={styles.before}>Before: {answerText(f, c.before, workflow.locale) ?? "Not answered"}</span>,
              };
            })}
          />
          <RequestedBefore boot={boot} places={places} />
        </section>
      )}

      <section aria-labelledby="review-answers">
        <h2 id="review-answers">Answers</h2>
        {boot.steps.map((s) => (
          <section key={s.stepIndex} aria-labelledby={`review-step-${s.stepIndex}`}>
            <h3 className={styles.stepTitle} id={`review-step-${s.stepIndex}`}>
              {s.title}
            </h3>
            <SummaryList
              rows={s.fields.map((f) => {
                const tags = [
                  failedFields.has(f.key) && (
                    <StatusTag key="failed" colour="red">
                      Rule failed
                    </StatusTag>
                  ),
                  changedKeys.has(f.key) && (
                    <StatusTag key="changed" colour="yellow">
                      Changed
                    </StatusTag>
                  ),
                ].filter(Boolean);
                return {
                  key: f.key,
                  label: fieldLabel(places, f.key)!,
                  value: answerText(f, s.data[f.key], workflow.locale),
                  extra: tags.length ? <span className={styles.tags}>{tags}</span> : undefined,
                  change: may.requestChanges
                    ? {
                        href: `#change-${f.key}`,
                        text: "Ask for a change",
                        onClick: (e) => {
                          e.preventDefault();
                          onRequestChanges(f.key);
                        },
                      }
                    : undefined,
                };
              })}
            />
          </section>
        ))}
      </section>

      <section aria-labelledby="review-rules">
        <h2 id="review-rules">Rule results</h2>
        <RuleResults all={all} blocking={blocking} places={places} />
      </section>

      <DecisionHistory boot={boot} />

      {(may.decide || may.requestChanges) && (
        <>
          <h2>What do you want to do?</h2>
          <ButtonGroup>
            {may.decide && <Button onClick={onDecide}>Approve or reject</Button>}
            {may.requestChanges && (
              <Button variant="secondary" onClick={() => onRequestChanges()}>
                Ask for changes
              </Button>
            )}
          </ButtonGroup>
        </>
      )}
    </>
  );
}

function RuleResults({ all, blocking, places }: { all: ValidationResult[]; blocking: Set<string>; places: Map<string, FieldPlace> }) {
  if (!all.length) return <p>No rules were checked for this form.</p>;
  const passed = all.filter((r) => r.passed).length;
  const sorted = all.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i);
  return (
    <>
      <p>
        {passed} of {all.length} passed.
      </p>
      <ul className={styles.results}>
        {sorted.map(({ r }) => {
          const verdict = ruleVerdict(r, !r.passed && r.severity === "error" && !blocking.has(r.ruleId));
          return (
            <li
              key={r.ruleId}
              className={`${styles.result} ${verdict === "failed" ? styles.resultFailed : verdict === "passed" ? "" : styles.resultWarning}`}
            >
              <StatusTag colour={VERDICTS[verdict].colour}>{VERDICTS[verdict].word}</StatusTag>
              {verdict === "excepted" && " at an earlier stage"}
              <p className={styles.resultMessage}>{r.message}</p>
              <p className={styles.resultMeta}>
                Rule <span className={styles.code}>{r.ruleId}</span> · question: {fieldLabel(places, r.fieldKey)} · severity:{" "}
                {severityText(r.severity).toLowerCase()}
              </p>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The change requests the participant answered (shown beside what changed). */
function RequestedBefore({ boot, places }: { boot: Bootstrap; places: Map<string, FieldPlace> }) {
  const asked = changeRequestsOf(boot);
  if (!asked.length) return null;
  return (
    <>
      <p>You asked for:</p>
      <ul>
        {asked.map((c, i) => (
          <li key={i}>
            {c.fieldKey ? `${fieldLabel(places, c.fieldKey)}: ` : ""}
            {c.message}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Decisions so far (earlier stages, change requests), oldest first. */
export function DecisionHistory({ boot }: { boot: Bootstrap }) {
  const entries = history(boot);
  if (!entries.length) return null;
  return (
    <section aria-labelledby="review-history">
      <h2 id="review-history">Decisions so far</h2>
      <ol className={styles.history}>
        {entries.map((h, i) => (
          <li key={i}>
            <strong>{actionText(h.action)}</strong>
            {h.stage > 0 ? ` at stage ${h.stage}` : ""} by {actorText(h.by)}
            {momentText(h.at, boot.workflow.locale) ? `, ${momentText(h.at, boot.workflow.locale)}` : ""}
            {h.comment ? `: “${h.comment}”` : ""}
          </li>
        ))}
      </ol>
    </section>
  );
}
