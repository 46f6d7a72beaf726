"use client";
import { useLocale, useTranslations } from "next-intl";
import { Button, ButtonGroup } from "@/components/Button";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { StatusTag } from "@/components/StatusTag";
import { SummaryList } from "@/components/SummaryList";
import type { Translator } from "@/lib/i18n/translator";
import { blockingRuleIds } from "@/lib/workflow/approval/review-rules";
import type { ValidationResult } from "@/lib/workflow/validation/validation-result";
import { changeRequestsOf, type Bootstrap, type ChangeRequest } from "./bootstrap";
import { answerWords, resultWords, stateWords } from "./portal-words";
import { dayOf } from "@/lib/date-parts";
import { isolate } from "@/lib/i18n/isolate";
import { bidi } from "@/components/bidi";
import { DECISION_KEYS } from "@/lib/format/workflow-word-keys";
import {
  changesSince,
  fieldLabel,
  fieldPlaces,
  history,
  rank,
  results,
  reviewerMay,
  ruleVerdict,
  STATE_TAGS,
  VERDICTS,
  type FieldPlace,
  type RuleVerdict,
} from "./review-model";
import styles from "./review.module.css";
import { useHeadingFocus } from "./use-heading-focus";

const VERDICT_WORDS = {
  passed: "portal.review.verdictPassed",
  warning: "portal.review.verdictWarning",
  failed: "portal.review.verdictFailed",
  excepted: "portal.review.verdictExceptedEarlier",
} as const satisfies Record<RuleVerdict, string>;

/** A change request as the reviewer reads it back: its question (or none: the whole submission), its due date, its message (isolated). */
export function askedWords(t: Translator, places: Map<string, FieldPlace>, c: ChangeRequest): string {
  const question = fieldLabel(places, c.fieldKey);
  const due = dayOf(c.dueDate);
  const message = isolate(c.message);
  if (question)
    return due ? t("portal.review.requestAboutDue", { question, message, due }) : t("portal.review.requestAbout", { question, message });
  return due ? t("portal.step.requestDue", { message, due }) : message;
}

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
  const t = useTranslations();
  const locale = useLocale();
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
  const listWords = { notAnswered: t("common.form.notAnswered"), change: t("common.form.change") };

  return (
    <>
      <Caption>
        <bdi>{workflow.title}</bdi>
      </Caption>
      <h1 tabIndex={-1} ref={heading}>
        {t("portal.review.titleReview")}
      </h1>
      <ul className={styles.meta}>
        <li>
          {t.rich("portal.statusLine", {
            state: stateWords(t, workflow.state),
            tag: (chunks) => <StatusTag colour={tag.colour}>{chunks}</StatusTag>,
          })}
        </li>
        {workflow.currentApprovalStage > 0 && (
          <li>{t("portal.review.stage", { stage: workflow.currentApprovalStage, total: workflow.totalApprovalStages })}</li>
        )}
        <li>{t("portal.review.reference", { reference: workflow.correlationId })}</li>
        {boot.reviewer && <li>{t("portal.review.reviewingAs", { email: boot.reviewer.email })}</li>}
        {boot.validatedAt && <li>{t("portal.review.submittedAt", { at: new Date(boot.validatedAt) })}</li>}
      </ul>

      {blocking.size > 0 && (
        <NotificationBanner
          variant="warning"
          title={t("portal.review.rulesFailedTitle")}
          heading={t("portal.review.rulesFailedHeading", { count: blocking.size })}
        >
          <p>{may.requestChanges ? t("portal.review.onlyExceptionOrChanges") : t("portal.review.onlyException")}</p>
        </NotificationBanner>
      )}

      {changed.length > 0 && (
        <section aria-labelledby="review-changed">
          <h2 id="review-changed">{t("portal.review.changedHeading")}</h2>
          <SummaryList
            words={listWords}
            rows={changed.map((c) => {
              const f = places.get(c.fieldKey)?.field;
              return {
                key: c.fieldKey,
                label: isolate(c.label),
                value: answerWords(t, f, c.after, locale),
                extra: (
                  <span className={styles.before}>
                    {bidi(t("portal.review.before", { value: answerWords(t, f, c.before, locale) ?? t("common.form.notAnswered") }))}
                  </span>
                ),
              };
            })}
          />
          <RequestedBefore boot={boot} places={places} />
        </section>
      )}

      <section aria-labelledby="review-answers">
        <h2 id="review-answers">{t("portal.review.answersHeading")}</h2>
        {boot.steps.map((s) => (
          <section key={s.stepIndex} aria-labelledby={`review-step-${s.stepIndex}`}>
            <h3 className={styles.stepTitle} id={`review-step-${s.stepIndex}`}>
              <bdi>{s.title}</bdi>
            </h3>
            <SummaryList
              words={listWords}
              rows={s.fields.map((f) => {
                const tags = [
                  failedFields.has(f.key) && (
                    <StatusTag key="failed" colour="red">
                      {t("portal.review.ruleFailedTag")}
                    </StatusTag>
                  ),
                  changedKeys.has(f.key) && (
                    <StatusTag key="changed" colour="yellow">
                      {t("portal.review.changedTag")}
                    </StatusTag>
                  ),
                ].filter(Boolean);
                return {
                  key: f.key,
                  label: fieldLabel(places, f.key)!,
                  value: answerWords(t, f, s.data[f.key], locale),
                  extra: tags.length ? <span className={styles.tags}>{tags}</span> : undefined,
                  change: may.requestChanges
                    ? {
                        href: `#change-${f.key}`,
                        text: t("portal.review.askChange"),
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
        <h2 id="review-rules">{t("portal.review.rulesHeading")}</h2>
        <RuleResults boot={boot} all={all} blocking={blocking} places={places} />
      </section>

      <DecisionHistory boot={boot} />

      {(may.decide || may.requestChanges) && (
        <>
          <h2>{t("portal.review.whatToDo")}</h2>
          <ButtonGroup>
            {may.decide && <Button onClick={onDecide}>{t("portal.review.titleDecide")}</Button>}
            {may.requestChanges && (
              <Button variant="secondary" onClick={() => onRequestChanges()}>
                {t("portal.review.titleChanges")}
              </Button>
            )}
          </ButtonGroup>
        </>
      )}
    </>
  );
}

function RuleResults({
  boot,
  all,
  blocking,
  places,
}: {
  boot: Bootstrap;
  all: ValidationResult[];
  blocking: Set<string>;
  places: Map<string, FieldPlace>;
}) {
  const t = useTranslations();
  const locale = useLocale();
  if (!all.length) return <p>{t("portal.review.noRules")}</p>;
  const passed = all.filter((r) => r.passed).length;
  const sorted = all.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i);
  return (
    <>
      <p>{t("portal.review.passedCount", { passed, total: all.length })}</p>
      <ul className={styles.results}>
        {sorted.map(({ r }) => {
          const verdict = ruleVerdict(r, !r.passed && r.severity === "error" && !blocking.has(r.ruleId));
          return (
            <li
              key={r.ruleId}
              className={`${styles.result} ${verdict === "failed" ? styles.resultFailed : verdict === "passed" ? "" : styles.resultWarning}`}
            >
              <StatusTag colour={VERDICTS[verdict].colour}>{t(VERDICT_WORDS[verdict])}</StatusTag>
              <p className={styles.resultMessage}>{bidi(resultWords(t, boot, r, locale))}</p>
              <p className={styles.resultMeta}>
                {bidi(
                  t.rich("portal.review.ruleMeta", {
                    ruleId: r.ruleId,
                    question: fieldLabel(places, r.fieldKey) ?? r.fieldKey,
                    severity: r.severity,
                    code: (chunks) => <span className={styles.code}>{chunks}</span>,
                  }),
                )}
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
  const t = useTranslations();
  const asked = changeRequestsOf(boot);
  if (!asked.length) return null;
  return (
    <>
      <p>{t("portal.review.youAskedFor")}</p>
      <ul>
        {asked.map((c, i) => (
          <li key={i}>{bidi(askedWords(t, places, c))}</li>
        ))}
      </ul>
    </>
  );
}

/** Decisions so far (earlier stages, change requests), oldest first. */
export function DecisionHistory({ boot }: { boot: Bootstrap }) {
  const t = useTranslations();
  const entries = history(boot);
  if (!entries.length) return null;
  return (
    <section aria-labelledby="review-history">
      <h2 id="review-history">{t("portal.review.historyHeading")}</h2>
      <ol className={styles.history}>
        {entries.map((h, i) => {
          const values = {
            action: Object.hasOwn(DECISION_KEYS, h.action) ? t(DECISION_KEYS[h.action as keyof typeof DECISION_KEYS]) : h.action,
            who: h.by === "portal:participant" ? "participant" : h.by === "system" ? "system" : "other",
            actor: h.by,
            at: new Date(h.at),
            b: (chunks: React.ReactNode) => <strong>{chunks}</strong>,
          };
          return (
            <li key={i}>
              {h.stage > 0
                ? t.rich("portal.review.historyEntryStage", { ...values, stage: h.stage })
                : t.rich("portal.review.historyEntry", values)}
              {h.comment && (
                <span className={styles.comment}>{bidi(t("portal.review.historyComment", { comment: isolate(h.comment) }))}</span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
