"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary, type ErrorItem } from "@/components/ErrorSummary";
import { Radios, Textarea } from "@/components/Field";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { decisionForm, toGovernanceBody, type DecisionDraft, type GovernanceDecision } from "@/lib/workflow/approval/review-form";
import { allowedDecisions, blockingRuleIds } from "@/lib/workflow/approval/review-rules";
import type { Bootstrap } from "./bootstrap";
import { type ApiAnswer, isTokenProblem, type PortalApi } from "./portal-api";
import { failureWords, resultWords } from "./portal-words";
import { bidi } from "@/components/bidi";
import { results } from "./review-model";
import { useHeadingFocus } from "./use-heading-focus";

/**
 * The governance decision: approve (every rule that must pass passed), approve with an exception (one
 * did not; the written justification is sealed into the record) or reject. The choices the server
 * would refuse are shown disabled, with the reason.
 */
export function DecisionPage({
  api,
  boot,
  onBack,
  onDone,
  onConflict,
  onTokenProblem,
}: {
  api: PortalApi;
  boot: Bootstrap;
  onBack: () => void;
  onDone: (decision: GovernanceDecision) => void;
  onConflict: () => void;
  onTokenProblem: (a: ApiAnswer<unknown> & { ok: false }) => void;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const heading = useHeadingFocus();
  const all = results(boot);
  const blocking = useMemo(() => new Set(blockingRuleIds(all, boot.approvalException)), [all, boot.approvalException]);
  const allowed = allowedDecisions(all, boot.approvalException);
  const form = useForm<DecisionDraft>({
    defaultValues: { decision: "", reason: "" },
    resolver: zodResolver(
      decisionForm(allowed, {
        chooseDecision: t("portal.decide.chooseDecision"),
        notPossible: t("portal.decide.notPossible"),
        tooLong: t("portal.decide.tooLong"),
        justify: t("portal.decide.justify"),
      }),
    ) as unknown as Resolver<DecisionDraft>,
    shouldFocusError: false,
  });
  const { register, handleSubmit, watch, setError, formState } = form;
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const decision = watch("decision");
  const { currentApprovalStage: stage, totalApprovalStages: stages } = boot.workflow;
  const lastStage = Math.max(stage, 1) >= stages;

  const summary: ErrorItem[] = [
    // The first radio that can take focus: approve, or (when approve is not possible) approve-with-exception.
    ...(formState.errors.decision?.message
      ? [{ targetId: allowed.approve ? "decision" : "decision-1", message: formState.errors.decision.message }]
      : []),
    ...(formState.errors.reason?.message ? [{ targetId: "reason", message: formState.errors.reason.message }] : []),
    ...(problem ? [{ targetId: "confirm-decision", message: problem }] : []),
  ];

  const send = async (values: DecisionDraft) => {
    setBusy(true);
    setProblem(null);
    const a = await api.call("POST", "/governance-decision", toGovernanceBody(values));
    setBusy(false);
    if (a.ok) return onDone(values.decision as GovernanceDecision);
    if (isTokenProblem(a)) return onTokenProblem(a);
    // Someone else decided or asked for changes meanwhile, or the results changed: show where it stands.
    if (a.code === "workflow.invalid_state" || a.code === "workflow.rules_failed" || a.code === "workflow.no_failed_rules")
      return onConflict();
    if (a.code === "workflow.justification_required") setError("reason", { message: t("portal.decide.justify") });
    else setProblem(failureWords(t, a, t("portal.decide.failed")));
    setAttempt((n) => n + 1);
  };

  const exception = decision === "approve-with-exception";
  const failedMessages = all.filter((r) => blocking.has(r.ruleId));

  return (
    <>
      <p>
        <Button variant="link" onClick={onBack}>
          {t("portal.step.back")}
        </Button>
      </p>
      <ErrorSummary errors={summary} focusKey={attempt} />
      <Caption>
        <bdi>{boot.workflow.title}</bdi>
      </Caption>
      <h1 tabIndex={-1} ref={heading}>
        {t("portal.review.titleDecide")}
      </h1>
      {failedMessages.length > 0 ? (
        <NotificationBanner variant="warning" title={t("portal.review.rulesFailedTitle")} heading={t("portal.decide.rulesFailedHeading")}>
          <ul>
            {failedMessages.map((r) => (
              <li key={r.ruleId}>{bidi(resultWords(t, boot, r, locale))}</li>
            ))}
          </ul>
        </NotificationBanner>
      ) : (
        <p>{t("portal.decide.allPassed")}</p>
      )}
      <form noValidate onSubmit={handleSubmit(send, () => setAttempt((n) => n + 1))}>
        <Radios
          id="decision"
          label={t("portal.decide.question")}
          hint={stages > 1 ? t("portal.decide.stageHint", { stage: Math.max(stage, 1), total: stages }) : undefined}
          error={formState.errors.decision?.message}
          options={[
            {
              value: "approve",
              label: t("portal.decide.approve"),
              hint: allowed.approve
                ? lastStage
                  ? t("portal.decide.approveLast")
                  : t("portal.decide.approveNext", { stage: Math.max(stage, 1) + 1 })
                : t("portal.decide.approveBlocked"),
              disabled: !allowed.approve,
            },
            {
              value: "approve-with-exception",
              label: t("portal.decide.exception"),
              hint: allowed["approve-with-exception"] ? t("portal.decide.exceptionHint") : t("portal.decide.exceptionBlocked"),
              disabled: !allowed["approve-with-exception"],
            },
            { value: "reject", label: t("portal.decide.reject"), hint: t("portal.decide.rejectHint") },
          ]}
          {...register("decision")}
        />
        <Textarea
          id="reason"
          label={exception ? t("portal.decide.justification") : t("portal.decide.comment")}
          hint={exception ? t("portal.decide.justificationHint") : t("portal.decide.commentHint")}
          error={formState.errors.reason?.message}
          {...register("reason")}
        />
        <ButtonGroup>
          <Button type="submit" id="confirm-decision" disabled={busy}>
            {t("portal.decide.confirm")}
          </Button>
          <Button variant="link" onClick={onBack}>
            {t("portal.decide.cancel")}
          </Button>
        </ButtonGroup>
      </form>
    </>
  );
}
