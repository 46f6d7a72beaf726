"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary } from "@/components/ErrorSummary";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { StepIndicator } from "@/components/StepIndicator";
import { SummaryList } from "@/components/SummaryList";
import { bidi } from "@/components/bidi";
import { isolate } from "@/lib/i18n/isolate";
import type { ValidationResult } from "@/lib/workflow/validation/validation-result";
import { failedErrors, fieldId, labelOf, type Bootstrap } from "./bootstrap";
import { answerWords, resultWords } from "./portal-words";

/**
 * GOV.UK check answers: every answer by step with a "Change" link to its field, then Submit (the
 * final advance). When the server's validation failed, the error summary at the top links to each
 * failing field, cross-field rules included; going there reopens the form (fix-validation).
 */
export function CheckAnswers({
  boot,
  results,
  attempt,
  onChange,
  onSubmit,
}: {
  boot: Bootstrap;
  /** Results of the last final validation, when it failed. */
  results: ValidationResult[];
  /** Counts failed submits, so that the error summary takes focus again each time. */
  attempt: number;
  onChange: (stepIndex: number, fieldKey: string) => void;
  onSubmit: () => Promise<void>;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errors = failedErrors(results);
  const warnings = results.filter((r) => !r.passed && r.severity === "warning");
  useEffect(() => {
    if (errors.length === 0) headingRef.current?.focus();
    // On arrival only; the error summary takes focus itself when there are errors.
  }, []);
  const failed = boot.workflow.state === "validation-failed";
  const stepOf = (key: string) => boot.steps.findIndex((s) => s.fields.some((f) => f.key === key));
  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <StepIndicator steps={boot.steps.map((s) => s.title)} current={boot.steps.length} />
      <ErrorSummary
        errors={errors.map((r) => ({ targetId: fieldId(r.fieldKey), message: resultWords(t, boot, r, locale) }))}
        focusKey={attempt}
        onSelect={(item) => {
          const key = item.targetId.slice("field-".length);
          onChange(Math.max(stepOf(key), 0), key);
        }}
      />
      {warnings.length > 0 && (
        <NotificationBanner variant="warning" title={t("portal.check.warningsTitle")} heading={t("portal.check.warningsHeading")}>
          <ul>
            {warnings.map((w) => (
              <li key={w.ruleId}>{bidi(resultWords(t, boot, w, locale))}</li>
            ))}
          </ul>
        </NotificationBanner>
      )}
      <Caption>
        <bdi>{boot.workflow.title}</bdi>
      </Caption>
      <h1 tabIndex={-1} ref={headingRef}>
        {t("portal.check.heading")}
      </h1>
      {boot.steps.map((s) => (
        <section key={s.stepIndex} aria-labelledby={`check-step-${s.stepIndex}`}>
          <h2 id={`check-step-${s.stepIndex}`}>
            <bdi>{s.title}</bdi>
          </h2>
          <SummaryList
            words={{ notAnswered: t("common.form.notAnswered"), change: t("common.form.change") }}
            rows={s.fields.map((f) => ({
              key: f.key,
              label: isolate(labelOf(f)),
              value: answerWords(t, f, s.data[f.key], locale),
              change: {
                href: `#${fieldId(f.key)}`,
                onClick: (e) => {
                  e.preventDefault();
                  onChange(s.stepIndex, f.key);
                },
              },
            }))}
          />
        </section>
      ))}
      {failed ? (
        <p>{t("portal.check.fixThenSubmit")}</p>
      ) : (
        <>
          <h2>{t("portal.check.submitHeading")}</h2>
          <p>{t("portal.check.declaration")}</p>
          <ButtonGroup>
            <Button onClick={submit} disabled={busy}>
              {t("portal.check.submit")}
            </Button>
          </ButtonGroup>
        </>
      )}
    </>
  );
}
