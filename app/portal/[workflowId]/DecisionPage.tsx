"use client";
import { zodResolver } from "@hookform/resolvers/zod";
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
import { type ApiAnswer, failureText, isTokenProblem, type PortalApi } from "./portal-api";
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
  const heading = useHeadingFocus();
  const all = results(boot);
  const blocking = useMemo(() => new Set(blockingRuleIds(all, boot.approvalException)), [all, boot.approvalException]);
  const allowed = allowedDecisions(all, boot.approvalException);
  const form = useForm<DecisionDraft>({
    defaultValues: { decision: "", reason: "" },
    resolver: zodResolver(decisionForm(allowed)) as unknown as Resolver<DecisionDraft>,
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
    if (a.code === "workflow.justification_required") setError("reason", { message: "Explain why you approve although rules failed" });
    else setProblem(failureText(a, "Your decision could not be recorded. Try again in a few minutes."));
    setAttempt((n) => n + 1);
  };

  const exception = decision === "approve-with-exception";
  const failedMessages = all.filter((r) => blocking.has(r.ruleId));

  return (
    <>
      <p>
        <Button variant="link" onClick={onBack}>
          Back
        </Button>
      </p>
      <ErrorSummary errors={summary} focusKey={attempt} />
      <Caption>{boot.workflow.title}</Caption>
      <h1 tabIndex={-1} ref={heading}>
        Approve or reject
      </h1>
      {failedMessages.length > 0 ? (
        <NotificationBanner variant="warning" title="Rules failed" heading="These rules that must pass did not:">
          <ul>
            {failedMessages.map((r) => (
              <li key={r.ruleId}>{r.message}</li>
            ))}
          </ul>
        </NotificationBanner>
      ) : (
        <p>Every rule that must pass has passed.</p>
      )}
      <form noValidate onSubmit={handleSubmit(send, () => setAttempt((n) => n + 1))}>
        <Radios
          id="decision"
          label="What do you decide?"
          hint={stages > 1 ? `This is approval stage ${Math.max(stage, 1)} of ${stages}.` : undefined}
          error={formState.errors.decision?.message}
          options={[
            {
              value: "approve",
              label: "Approve",
              hint: allowed.approve
                ? lastStage
                  ? "The answers and the decisions are sealed into a PDF record."
                  : `The approvers of stage ${Math.max(stage, 1) + 1} are asked next.`
                : "Not possible: a rule that must pass did not.",
              disabled: !allowed.approve,
            },
            {
              value: "approve-with-exception",
              label: "Approve with an exception",
              hint: allowed["approve-with-exception"]
                ? "Approve although rules failed. Your justification is sealed into the record."
                : "Only when a rule that must pass has failed.",
              disabled: !allowed["approve-with-exception"],
            },
            { value: "reject", label: "Reject", hint: "The submission is refused. Nothing is sealed." },
          ]}
          {...register("decision")}
        />
        <Textarea
          id="reason"
          label={exception ? "Justification" : "Comment (optional)"}
          hint={
            exception
              ? "Why you approve although the rules failed. It is sealed into the record with your decision."
              : "Kept in the approval history."
          }
          error={formState.errors.reason?.message}
          {...register("reason")}
        />
        <ButtonGroup>
          <Button type="submit" id="confirm-decision" disabled={busy}>
            Confirm decision
          </Button>
          <Button variant="link" onClick={onBack}>
            Cancel
          </Button>
        </ButtonGroup>
      </form>
    </>
  );
}
