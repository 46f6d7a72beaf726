import type { Metadata } from "next";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { StatusTag } from "@/components/StatusTag";
import { SummaryList } from "@/components/SummaryList";
import type { Workflow } from "@/lib/db/schema";
import { liveWorkflowStates, when } from "@/lib/console/labels";
import { tierAllowsExplain } from "@/lib/explain/settings";
import { orNotFound } from "@/lib/console/not-found";
import { consoleAccess } from "@/lib/console/session";
import { signingDetail } from "@/lib/console/signing-detail";
import { workflowPermissions, type WorkflowConsoleAction } from "@/lib/console/workflow-actions";
import { approvalStages, workflowTimeline } from "@/lib/console/workflow-detail";
import { workflowStateLabel } from "@/lib/format/state-words";
import { listCallbackAttempts } from "@/lib/workflow/callback/list-callback-attempts";
import { getWorkflow } from "@/lib/workflow/get-workflow";
import { totalApprovalStages } from "@/lib/workflow/present-workflow";
import { AutoRefresh } from "../../AutoRefresh";
import { ConsoleShell } from "../../ConsoleShell";
import { NoAccess } from "../../NoAccess";
import styles from "../../console.module.css";
import { Actions, Approval, Callbacks, ChangesSinceReview, CollectedData, Exception, History, RuleResults, Timeline } from "./sections";
import { Signing } from "./signing";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Workflow – Sealpost console", robots: { index: false, follow: false } };

const DONE: Record<WorkflowConsoleAction, string> = {
  approve: "You approved this workflow.",
  "approve-with-exception": "You approved this workflow with an exception. Your justification will be sealed into the PDF.",
  reject: "You rejected this workflow. No PDF will be made.",
  "request-changes": "You asked for changes. The participants have been emailed your request.",
  escalate: "The approval was escalated to the next approver, who has been emailed.",
  cancel: "The workflow has been cancelled.",
  seal: "Sealing was requested.",
};

/** /console/workflows/{id}: the approval mail's console link. State, data, rules, changes, approval, actions, files and activity. */
export default async function WorkflowPage({
  params,
  searchParams,
}: {
  params: Promise<{ workflowId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { workflowId } = await params;
  const q = await searchParams;
  const base = `/console/workflows/${encodeURIComponent(workflowId)}`;
  const access = await consoleAccess(base, "workflow");
  if (!access.ok) return <NoAccess access={access} />;
  const { principal } = access;

  const wf = await orNotFound(getWorkflow(principal.tenant.id, workflowId), "workflow.not_found");
  const [timeline, callbacks, signing] = await Promise.all([
    workflowTimeline(wf),
    wf.callbackUrl ? listCallbackAttempts(wf.tenantId, wf.id) : null,
    signingDetail(wf, principal),
  ]);
  // Signing ended and its certificate is being made: keep refreshing until it is there.
  const certificatePending =
    !!signing?.certificate && "pending" in signing.certificate && (wf.state === "complete" || wf.state === "rejected");
  const perms = workflowPermissions(wf, principal);
  const stages = approvalStages(wf, principal.tenant.approvers);
  const state = workflowStateLabel(wf.state);
  // Own keys only: ?done=__proto__ must not reach the page as an object.
  const done = typeof q.done === "string" && Object.hasOwn(DONE, q.done) ? DONE[q.done as WorkflowConsoleAction] : undefined;
  const recipients = wf.settings.recipients.map((r) => (r.displayName ? `${r.displayName} <${r.email}>` : r.email)).join(", ");

  return (
    <ConsoleShell principal={principal}>
      <AutoRefresh active={liveWorkflowStates.includes(wf.state) || certificatePending} />
      <p>
        <a href="/console/workflows">‹ All workflows</a>
      </p>
      {done && <NotificationBanner variant="success" heading={done} />}
      <Caption>Workflow from {wf.templatePath}</Caption>
      <h1>{wf.title}</h1>
      <p role="status">
        <StatusTag colour={state.colour}>{state.label}</StatusTag>
      </p>

      <h2>Summary</h2>
      <SummaryList
        rows={[
          { key: "started", label: "Started by", value: `${wf.createdBy}, ${when(wf.createdAt)}` },
          { key: "participants", label: "Participants", value: recipients || "None (data given at creation)" },
          { key: "progress", label: "Steps", value: progressLine(wf) },
          {
            key: "validation",
            label: "Validation",
            value: wf.validationOutcome
              ? `${wf.validationOutcome === "passed" ? "Passed" : "Failed"}, ${when(wf.validatedAt)}`
              : "Not checked yet",
          },
          { key: "approval", label: "Approval", value: approvalLine(wf) },
          { key: "template", label: "Template", value: `${wf.templatePath} (version ${wf.templateVersion.slice(0, 12)})` },
          { key: "reference", label: "Reference", value: `${wf.correlationId} (workflow ${wf.id})` },
          ...(wf.completedAt
            ? [{ key: "ended", label: wf.state === "complete" ? "Completed" : "Ended", value: when(wf.completedAt) }]
            : []),
        ]}
      />

      <Actions wf={wf} base={base} perms={perms} stages={stages} />

      <h2>Files</h2>
      <ul className={styles.downloads}>
        {wf.sealedKey && wf.sealedSha256 ? (
          <li>
            <a href={`${base}/files/sealed`}>Sealed PDF</a>, sealed {when(wf.sealedAt)}
            <div className={styles.secondary}>
              SHA-256: <code className={styles.hash}>{wf.sealedSha256}</code>
            </div>
          </li>
        ) : null}
        {wf.sealedKey && wf.settings.explainRequestedBy && tierAllowsExplain(principal.tenant) ? (
          <li>
            Why the sealed PDF came out as it did: explain report, <a href={`${base}/files/explain/summary`}>summary</a> or{" "}
            <a href={`${base}/files/explain/detailed`}>detailed</a> (PDF)
          </li>
        ) : null}
        {wf.sealedKey && wf.sealedSha256 ? null : (
          <li>
            {wf.state === "sealing"
              ? "The sealed PDF is being made; this page updates itself."
              : "No sealed PDF: it is made once the workflow is approved."}
          </li>
        )}
        <li>
          Collected data as it is now: <a href={`${base}/files/export/json`}>JSON</a> or{" "}
          <a href={`${base}/files/export/csv`}>CSV (spreadsheet)</a>
        </li>
      </ul>

      {signing && <Signing detail={signing} base={base} />}
      <CollectedData wf={wf} />
      <RuleResults wf={wf} />
      <ChangesSinceReview wf={wf} />
      <Approval wf={wf} stages={stages} />
      <History wf={wf} />
      <Exception wf={wf} />
      {callbacks && <Callbacks callbacks={callbacks} />}
      <Timeline events={timeline} />
    </ConsoleShell>
  );
}

function progressLine(wf: Workflow): string {
  const total = wf.schema.steps.length;
  if (wf.state === "in-progress" || wf.state === "changes-requested")
    return `The participant is at step ${wf.currentStepIndex + 1} of ${total} (${wf.schema.steps[wf.currentStepIndex]?.title ?? ""})`;
  return `${total} ${total === 1 ? "step" : "steps"}`;
}

function approvalLine(wf: Workflow): string {
  const total = totalApprovalStages(wf);
  if (wf.state === "pending-approval") return `Stage ${wf.approvalStage} of ${total}, waiting since ${when(wf.approvalRequestedAt)}`;
  return `${total} ${total === 1 ? "stage" : "stages"}`;
}
