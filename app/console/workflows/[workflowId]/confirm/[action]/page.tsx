import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Caption } from "@/components/PageShell";
import { SummaryList } from "@/components/SummaryList";
import type { Workflow } from "@/lib/db/schema";
import type { ConfirmField } from "@/lib/console/confirm";
import { orNotFound } from "@/lib/console/not-found";
import { consoleAccess } from "@/lib/console/session";
import { plainWords, workflowActions, workflowPermissions, type WorkflowConsoleAction } from "@/lib/console/workflow-actions";
import { fieldChoices, ruleRows } from "@/lib/console/workflow-detail";
import { workflowStateLabel } from "@/lib/format/state-words";
import { getWorkflow } from "@/lib/workflow/get-workflow";
import { totalApprovalStages } from "@/lib/workflow/present-workflow";
import { ConfirmForm } from "../../../../ConfirmForm";
import { ConsoleShell } from "../../../../ConsoleShell";
import { NoAccess } from "../../../../NoAccess";
import { confirmWorkflowAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Confirm – Sealpost console", robots: { index: false, follow: false } };

const comment = (label: string, hint: string): ConfirmField => ({ kind: "textarea", name: "comment", label, hint, maxLength: 5000 });

const TEXT: Record<
  WorkflowConsoleAction,
  { title: string; submit: string; effect: (wf: Workflow) => string; fields: (wf: Workflow) => ConfirmField[] }
> = {
  approve: {
    title: "Approve this workflow?",
    submit: "Yes, approve",
    effect: (wf) =>
      Math.max(wf.approvalStage, 1) < totalApprovalStages(wf)
        ? `The workflow moves to stage ${wf.approvalStage + 1} of ${totalApprovalStages(wf)}, whose approvers are emailed.`
        : "This is the last stage: the data is sealed into a PDF with your decision. This cannot be undone.",
    fields: () => [comment("Comment (optional)", "Recorded with your decision and sealed into the PDF.")],
  },
  "approve-with-exception": {
    title: "Approve this workflow with an exception?",
    submit: "Yes, approve with an exception",
    effect: (wf) =>
      `These rules failed: ${ruleRows(wf)
        .filter((r) => !r.passed && r.severity === "error" && !r.excepted)
        .map((r) => r.message)
        .join("; ")}. Your justification is sealed into the PDF.`,
    fields: () => [
      {
        kind: "textarea",
        name: "justification",
        label: "Why do you approve although rules failed?",
        hint: "Required. Sealed into the PDF with your name.",
        required: true,
        maxLength: 5000,
      },
    ],
  },
  reject: {
    title: "Reject this workflow?",
    submit: "Yes, reject",
    effect: () => "No PDF is made, and the workflow cannot be approved afterwards.",
    fields: () => [comment("Reason (optional)", "Recorded with your decision.")],
  },
  "request-changes": {
    title: "Ask for changes to this workflow?",
    submit: "Yes, ask for changes",
    effect: () => "The participants are emailed your request and can change their answers; approval then starts again at stage 1.",
    fields: (wf) => [
      {
        kind: "select",
        name: "fieldKey",
        label: "Which answer is it about? (optional)",
        hint: "Leave empty for the whole submission.",
        options: fieldChoices(wf),
        emptyLabel: "The whole submission",
      },
      {
        kind: "textarea",
        name: "message",
        label: "What needs to change",
        hint: "The participants receive this by email and see it beside the answer.",
        required: true,
        maxLength: 2000,
      },
      {
        kind: "select",
        name: "severity",
        label: "How important is it?",
        options: [
          { value: "error", label: "Must change" },
          { value: "warning", label: "Please check" },
          { value: "info", label: "Note only" },
        ],
        emptyLabel: "Choose",
        defaultValue: "error",
      },
    ],
  },
  escalate: {
    title: "Escalate the approval?",
    submit: "Yes, escalate",
    effect: () => "The next approver in the routing sequence is emailed and may decide; approvers asked earlier keep the right to decide.",
    fields: () => [],
  },
  cancel: {
    title: "Cancel this workflow?",
    submit: "Yes, cancel the workflow",
    effect: () => "Nothing more can be done with it: no PDF is made, and the participants' links only show that it was cancelled.",
    fields: () => [],
  },
  seal: {
    title: "Seal this workflow?",
    submit: "Yes, seal it",
    effect: (wf) =>
      wf.state === "sealing"
        ? "The seal job is sent again (for a seal that failed or is stuck). If one is still running, the first PDF stored wins."
        : "The data is sealed into a PDF now, without waiting for the approvers. The history records that approval was skipped.",
    fields: () => [],
  },
};

/** /console/workflows/{id}/confirm/{action}: the confirmation step (nothing happens on GET). */
export default async function ConfirmWorkflowPage({ params }: { params: Promise<{ workflowId: string; action: string }> }) {
  const { workflowId, action } = await params;
  if (!(workflowActions as readonly string[]).includes(action)) notFound();
  const act = action as WorkflowConsoleAction;
  const base = `/console/workflows/${encodeURIComponent(workflowId)}`;
  const access = await consoleAccess(`${base}/confirm/${act}`, "workflow");
  if (!access.ok) return <NoAccess access={access} />;
  const wf = await orNotFound(getWorkflow(access.principal.tenant.id, workflowId), "workflow.not_found");
  const perms = workflowPermissions(wf, access.principal);
  const t = TEXT[act];
  return (
    <ConsoleShell principal={access.principal} wide={false}>
      <Caption>{wf.title}</Caption>
      {perms.can[act] ? (
        <>
          <h1>{t.title}</h1>
          <SummaryList
            rows={[
              {
                key: "state",
                label: "State now",
                value: `${workflowStateLabel(wf.state).label}${wf.state === "pending-approval" ? `, stage ${wf.approvalStage} of ${totalApprovalStages(wf)}` : ""}`,
              },
              { key: "started", label: "Started by", value: wf.createdBy },
              { key: "reference", label: "Reference", value: wf.correlationId },
            ]}
          />
          <p>{t.effect(wf)}</p>
          <ConfirmForm
            action={confirmWorkflowAction.bind(null, wf.id, act)}
            fields={t.fields(wf)}
            submitLabel={t.submit}
            backHref={base}
            backLabel="No, go back to the workflow"
          />
        </>
      ) : (
        <>
          <h1>You cannot do this</h1>
          <p>{plainWords(perms.refusals[act]!, act).message}</p>
          <p>
            <a href={base}>Go back to the workflow</a>
          </p>
        </>
      )}
    </ConsoleShell>
  );
}
