import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Caption } from "@/components/PageShell";
import { SummaryList } from "@/components/SummaryList";
import { bidi } from "@/components/bidi";
import type { Workflow } from "@/lib/db/schema";
import type { ConfirmField } from "@/lib/console/confirm";
import { orNotFound } from "@/lib/console/not-found";
import { consoleAccess } from "@/lib/console/session";
import { refusalOf, workflowActions, workflowPermissions, type WorkflowConsoleAction } from "@/lib/console/workflow-actions";
import { fieldChoices, ruleRows } from "@/lib/console/workflow-detail";
import { isolate } from "@/lib/i18n/isolate";
import type { Translator } from "@/lib/i18n/translator";
import { getWorkflow } from "@/lib/workflow/get-workflow";
import { totalApprovalStages } from "@/lib/workflow/present-workflow";
import { ConfirmForm } from "../../../../ConfirmForm";
import { ConsoleShell } from "../../../../ConsoleShell";
import { NoAccess } from "../../../../NoAccess";
import { refusalWords, workflowStateWords } from "../../../workflow-words";
import { confirmWorkflowAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("console.workflows.confirm.metaTitle"), robots: { index: false, follow: false } };
}

const comment = (label: string, hint: string): ConfirmField => ({ kind: "textarea", name: "comment", label, hint, maxLength: 5000 });

/** Each action's confirmation: its question, its button, what it does to this workflow, and the fields it asks for. */
const TEXT: Record<
  WorkflowConsoleAction,
  (t: Translator) => { title: string; submit: string; effect: (wf: Workflow) => string; fields: (wf: Workflow) => ConfirmField[] }
> = {
  approve: (t) => ({
    title: t("console.workflows.confirm.approve.title"),
    submit: t("console.workflows.confirm.approve.submit"),
    effect: (wf) =>
      Math.max(wf.approvalStage, 1) < totalApprovalStages(wf)
        ? t("console.workflows.confirm.approve.nextStage", { stage: wf.approvalStage + 1, total: totalApprovalStages(wf) })
        : t("console.workflows.confirm.approve.lastStage"),
    fields: () => [comment(t("console.workflows.confirm.approve.comment"), t("console.workflows.confirm.approve.commentHint"))],
  }),
  "approve-with-exception": (t) => ({
    title: t("console.workflows.confirm.approveWithException.title"),
    submit: t("console.workflows.confirm.approveWithException.submit"),
    effect: (wf) =>
      t("console.workflows.confirm.approveWithException.effect", {
        rules: ruleRows(wf)
          .filter((r) => !r.passed && r.severity === "error" && !r.excepted)
          .map((r) => isolate(r.message))
          .join(t("console.workflows.confirm.approveWithException.ruleSeparator")),
      }),
    fields: () => [
      {
        kind: "textarea",
        name: "justification",
        label: t("console.workflows.confirm.approveWithException.justification"),
        hint: t("console.workflows.confirm.approveWithException.justificationHint"),
        required: true,
        maxLength: 5000,
      },
    ],
  }),
  reject: (t) => ({
    title: t("console.workflows.confirm.reject.title"),
    submit: t("console.workflows.confirm.reject.submit"),
    effect: () => t("console.workflows.confirm.reject.effect"),
    fields: () => [comment(t("console.workflows.confirm.reject.comment"), t("console.workflows.confirm.reject.commentHint"))],
  }),
  "request-changes": (t) => ({
    title: t("console.workflows.confirm.requestChanges.title"),
    submit: t("console.workflows.confirm.requestChanges.submit"),
    effect: () => t("console.workflows.confirm.requestChanges.effect"),
    fields: (wf) => [
      {
        kind: "select",
        name: "fieldKey",
        label: t("console.workflows.confirm.requestChanges.field"),
        hint: t("console.workflows.confirm.requestChanges.fieldHint"),
        options: fieldChoices(wf).map((c) => ({
          value: c.value,
          label: t("console.workflows.confirm.requestChanges.fieldChoice", { step: isolate(c.step), question: isolate(c.label) }),
        })),
        emptyLabel: t("console.workflows.confirm.requestChanges.fieldEmpty"),
      },
      {
        kind: "textarea",
        name: "message",
        label: t("console.workflows.confirm.requestChanges.message"),
        hint: t("console.workflows.confirm.requestChanges.messageHint"),
        required: true,
        maxLength: 2000,
      },
      {
        kind: "select",
        name: "severity",
        label: t("console.workflows.confirm.requestChanges.severity"),
        options: [
          { value: "error", label: t("console.workflows.confirm.requestChanges.severityError") },
          { value: "warning", label: t("console.workflows.confirm.requestChanges.severityWarning") },
          { value: "info", label: t("console.workflows.confirm.requestChanges.severityInfo") },
        ],
        emptyLabel: t("console.workflows.confirm.requestChanges.severityEmpty"),
        defaultValue: "error",
      },
    ],
  }),
  escalate: (t) => ({
    title: t("console.workflows.confirm.escalate.title"),
    submit: t("console.workflows.confirm.escalate.submit"),
    effect: () => t("console.workflows.confirm.escalate.effect"),
    fields: () => [],
  }),
  cancel: (t) => ({
    title: t("console.workflows.confirm.cancel.title"),
    submit: t("console.workflows.confirm.cancel.submit"),
    effect: () => t("console.workflows.confirm.cancel.effect"),
    fields: () => [],
  }),
  seal: (t) => ({
    title: t("console.workflows.confirm.seal.title"),
    submit: t("console.workflows.confirm.seal.submit"),
    effect: (wf) => (wf.state === "sealing" ? t("console.workflows.confirm.seal.retryEffect") : t("console.workflows.confirm.seal.effect")),
    fields: () => [],
  }),
};

/** /console/workflows/{id}/confirm/{action}: the confirmation step (nothing happens on GET). */
export default async function ConfirmWorkflowPage({ params }: { params: Promise<{ workflowId: string; action: string }> }) {
  const { workflowId, action } = await params;
  if (!(workflowActions as readonly string[]).includes(action)) notFound();
  const act = action as WorkflowConsoleAction;
  const base = `/console/workflows/${encodeURIComponent(workflowId)}`;
  const access = await consoleAccess(`${base}/confirm/${act}`, "workflow");
  if (!access.ok) return <NoAccess access={access} />;
  const [wf, t] = await Promise.all([
    orNotFound(getWorkflow(access.principal.tenant.id, workflowId), "workflow.not_found"),
    getTranslations(),
  ]);
  const perms = workflowPermissions(wf, access.principal);
  const text = TEXT[act](t);
  const refusal = perms.refusals[act];
  const state = workflowStateWords(t, wf.state);
  return (
    <ConsoleShell principal={access.principal} wide={false}>
      <Caption>
        <bdi>{wf.title}</bdi>
      </Caption>
      {refusal === null ? (
        <>
          <h1>{text.title}</h1>
          <SummaryList
            rows={[
              {
                key: "state",
                label: t("console.workflows.confirm.stateNow"),
                value:
                  wf.state === "pending-approval"
                    ? t("console.workflows.confirm.stateAtStage", { state, stage: wf.approvalStage, total: totalApprovalStages(wf) })
                    : state,
              },
              { key: "started", label: t("console.workflows.confirm.startedBy"), value: isolate(wf.createdBy) },
              { key: "reference", label: t("console.workflows.confirm.reference"), value: isolate(wf.correlationId) },
            ]}
          />
          <p>{bidi(text.effect(wf))}</p>
          <ConfirmForm
            action={confirmWorkflowAction.bind(null, wf.id, act)}
            fields={text.fields(wf)}
            submitLabel={text.submit}
            backHref={base}
            backLabel={t("console.workflows.confirm.back")}
          />
        </>
      ) : (
        <>
          <h1>{t("console.workflows.confirm.cannotTitle")}</h1>
          <p>{bidi(refusalWords(t, refusalOf(refusal), act))}</p>
          <p>
            <a href={base}>{t("console.workflows.confirm.backToWorkflow")}</a>
          </p>
        </>
      )}
    </ConsoleShell>
  );
}
