import { StatusTag } from "@/components/StatusTag";
import { SummaryList } from "@/components/SummaryList";
import { Table } from "@/components/Table";
import type { Workflow } from "@/lib/db/schema";
import { when } from "@/lib/console/labels";
import type { workflowPermissions, WorkflowConsoleAction } from "@/lib/console/workflow-actions";
import { changedSinceReview, collectedData, ruleRows, type StageRow, type workflowTimeline } from "@/lib/console/workflow-detail";
import { eventText } from "@/lib/format/event-words";
import { actionText, actorText, ruleVerdict, severityText, VERDICTS } from "@/lib/workflow/approval/approval-words";
import type { listCallbackAttempts } from "@/lib/workflow/callback/list-callback-attempts";
import styles from "../../console.module.css";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { dateText } from "@/lib/format/show-value";
import { fieldLabels } from "@/lib/workflow/schema/schema-format";

/** The workflow page's sections, in the order the page shows them; each reads only the workflow row it is given. */

const ACTION_LINKS: Array<{ action: WorkflowConsoleAction; text: (wf: Workflow) => string; look?: "primary" | "warning" }> = [
  { action: "approve", text: () => "Approve", look: "primary" },
  { action: "approve-with-exception", text: () => "Approve with an exception", look: "primary" },
  { action: "request-changes", text: () => "Request changes" },
  { action: "reject", text: () => "Reject", look: "warning" },
  { action: "escalate", text: () => "Escalate to the next approver" },
  { action: "seal", text: (wf) => (wf.state === "sealing" ? "Retry sealing" : "Seal without approval") },
  { action: "cancel", text: () => "Cancel workflow" },
];
const LOOK = { primary: styles.actionPrimary, warning: styles.actionWarning } as const;

export function Actions({
  wf,
  base,
  perms,
  stages,
}: {
  wf: Workflow;
  base: string;
  perms: ReturnType<typeof workflowPermissions>;
  stages: StageRow[];
}) {
  const shown = ACTION_LINKS.filter((a) => perms.can[a.action]);
  const deciding = wf.state === "pending-approval" || wf.state === "validation-failed";
  if (!shown.length && wf.state !== "pending-approval") return null;
  const waiting = stages.find((s) => s.status === "waiting");
  const waitingOn = waiting ? [...new Set([...waiting.approvers, ...wf.escalatedTo])].join(", ") : "";
  const canDecide = perms.can.approve || perms.can["approve-with-exception"] || perms.can.reject;
  return (
    <section aria-labelledby="actions-title">
      <h2 id="actions-title">{deciding ? "Decision" : "Actions"}</h2>
      {deciding && canDecide ? (
        <p>
          {wf.state === "validation-failed"
            ? "The data failed validation. You may approve it with an exception (with a justification that is sealed into the PDF) or reject it."
            : `You are an approver of stage ${wf.approvalStage}. Check the data and the rule results below, then decide. You will be asked to confirm.`}
        </p>
      ) : perms.initiator && wf.state === "pending-approval" ? (
        <p>You started this workflow, so another approver has to decide it{waitingOn ? ` (waiting for ${waitingOn})` : ""}.</p>
      ) : wf.state === "pending-approval" ? (
        <p>Waiting for a decision by {waitingOn || "the approvers of this stage"}.</p>
      ) : null}
      {shown.length > 0 && (
        <div className={styles.actions}>
          {shown.map((a) => (
            <a key={a.action} className={`${styles.actionLink} ${a.look ? LOOK[a.look] : ""}`} href={`${base}/confirm/${a.action}`}>
              {a.text(wf)}
            </a>
          ))}
        </div>
      )}
    </section>
  );
}

export function CollectedData({ wf }: { wf: Workflow }) {
  return (
    <section aria-labelledby="data-title">
      <h2 id="data-title">Collected data</h2>
      {collectedData(wf).map((step, i) => (
        <div key={i}>
          {/* A schema made from a template's fields names its steps "Step n" already. */}
          <h3>{step.title === `Step ${i + 1}` ? step.title : `Step ${i + 1}: ${step.title}`}</h3>
          <SummaryList rows={step.fields.map((f) => ({ key: f.key, label: f.label, value: f.value }))} />
        </div>
      ))}
    </section>
  );
}

export function RuleResults({ wf }: { wf: Workflow }) {
  const rows = ruleRows(wf);
  return (
    <section aria-labelledby="rules-title">
      <h2 id="rules-title">Rule results</h2>
      {rows.length === 0 ? (
        <p>The data has not been checked yet: rules run when the participant submits.</p>
      ) : (
        <>
          <p className={styles.secondary}>
            Checked {when(wf.validatedAt)}. Every rule across the answers is listed; a check of a single answer only when it failed.
          </p>
          <Table
            caption="Rule results, failed rules first"
            captionHidden
            rows={rows}
            rowKey={(r) => r.ruleId}
            columns={[
              {
                key: "rule",
                header: "Rule",
                cell: (r) => (
                  <>
                    {r.message}
                    <div className={styles.secondary}>{r.ruleId}</div>
                  </>
                ),
              },
              {
                key: "result",
                header: "Result",
                cell: (r) => {
                  const verdict = VERDICTS[ruleVerdict(r, r.excepted)];
                  return <StatusTag colour={verdict.colour}>{verdict.word}</StatusTag>;
                },
              },
              { key: "severity", header: "Severity", cell: (r) => severityText(r.severity) },
              { key: "field", header: "Field", cell: (r) => r.fieldLabel },
            ]}
          />
        </>
      )}
    </section>
  );
}

export function ChangesSinceReview({ wf }: { wf: Workflow }) {
  if (!wf.reviewSnapshot && wf.changeRequests.length === 0) return null;
  const changes = changedSinceReview(wf);
  const labels = fieldLabels(wf.schema);
  return (
    <section aria-labelledby="changes-title">
      <h2 id="changes-title">Changes since the last review</h2>
      {wf.changeRequests.length > 0 && (
        <>
          <h3>What the reviewer asked for</h3>
          <ul className={styles.downloads}>
            {wf.changeRequests.map((c) => (
              <li key={c.id}>
                {c.fieldKey ? <strong>{labels.get(c.fieldKey) ?? c.fieldKey}: </strong> : null}
                {c.message}
                <span className={styles.secondary}>
                  {" "}
                  ({c.severity === "error" ? "must change" : c.severity === "warning" ? "please check" : "note"}
                  {c.dueDate ? `, by ${dateText(c.dueDate, wf.settings.locale ?? DEFAULT_LOCALE)}` : ""}, asked {when(c.requestedAt)})
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {wf.reviewSnapshot &&
        (changes.length === 0 ? (
          <p>No answer has changed since the review.</p>
        ) : (
          <Table
            caption="Answers changed since the review"
            rows={changes}
            rowKey={(c) => c.fieldKey}
            columns={[
              { key: "field", header: "Question", cell: (c) => c.label },
              { key: "before", header: "At the review", cell: (c) => c.before },
              { key: "after", header: "Now", cell: (c) => c.after },
            ]}
          />
        ))}
    </section>
  );
}

export function Approval({ wf, stages }: { wf: Workflow; stages: StageRow[] }) {
  const status = (s: StageRow) => {
    if (s.decisions.length)
      return (
        <ul className={styles.plainList}>
          {s.decisions.map((d, i) => (
            <li key={i}>
              {actionText(d.action)} by {actorText(d.by)}, {when(d.at)}
            </li>
          ))}
        </ul>
      );
    if (s.status === "waiting") return <StatusTag colour="yellow">Waiting</StatusTag>;
    return s.status === "later" ? "After the stage before" : "Not reached";
  };
  return (
    <section aria-labelledby="approval-title">
      <h2 id="approval-title">Approval stages</h2>
      <Table
        caption={`Approval in ${stages.length} ${stages.length === 1 ? "stage" : "stages"}`}
        captionHidden
        rows={stages}
        rowKey={(s) => String(s.stage)}
        columns={[
          { key: "stage", header: "Stage", cell: (s) => `${s.stage} of ${stages.length}` },
          {
            key: "approvers",
            header: "Approvers",
            cell: (s) => (
              <>
                {s.approvers.join(", ") || "None"}
                {s.status === "waiting" && wf.escalatedTo.length > 0 && (
                  <div className={styles.secondary}>Escalated to {wf.escalatedTo.join(", ")}</div>
                )}
              </>
            ),
          },
          { key: "decision", header: "Decision", cell: status },
        ]}
      />
    </section>
  );
}

export function History({ wf }: { wf: Workflow }) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">Approval history</h2>
      {wf.approvalHistory.length === 0 ? (
        <p>No decisions yet.</p>
      ) : (
        <ol className={styles.timeline}>
          {wf.approvalHistory.map((e, i) => (
            <li key={i}>
              <strong>{actionText(e.action)}</strong> by {actorText(e.by)}
              {e.stage > 0 ? ` (stage ${e.stage})` : ""}
              {e.to ? `, to ${e.to}` : ""}
              <div className={styles.secondary}>{when(e.at)}</div>
              {e.comment && <blockquote className={styles.quote}>{e.comment}</blockquote>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function Exception({ wf }: { wf: Workflow }) {
  const x = wf.approvalException;
  if (!x) return null;
  return (
    <section aria-labelledby="exception-title">
      <h2 id="exception-title">Exception</h2>
      <SummaryList
        rows={[
          { key: "justification", label: "Justification", value: x.justification },
          { key: "rules", label: "Failed rules overridden", value: x.failedRules.join(", ") },
          { key: "by", label: "Approved by", value: `${actorText(x.by)} (stage ${x.stage}), ${when(x.at)}` },
        ]}
      />
    </section>
  );
}

const OUTCOME: Record<string, string> = {
  delivered: "Delivered",
  retry: "Failed, will retry",
  "gave-up": "Given up",
  refused: "Refused (address not allowed)",
};

export function Callbacks({ callbacks }: { callbacks: Awaited<ReturnType<typeof listCallbackAttempts>> }) {
  const status =
    { none: "Not due yet: it is called when the workflow ends", pending: "Being delivered", ...OUTCOME }[callbacks.status] ??
    callbacks.status;
  return (
    <section aria-labelledby="callbacks-title">
      <h2 id="callbacks-title">Callback</h2>
      <SummaryList
        rows={[
          { key: "host", label: "Receiver", value: callbacks.callbackHost },
          { key: "status", label: "Status", value: status },
        ]}
      />
      {callbacks.attempts.length > 0 && (
        <Table
          caption="Callback attempts, oldest first"
          rows={callbacks.attempts}
          rowKey={(a) => `${a.messageId}-${a.attemptNo}`}
          columns={[
            { key: "n", header: "Attempt", numeric: true, cell: (a) => a.attemptNo },
            { key: "at", header: "When", cell: (a) => when(a.at) },
            { key: "outcome", header: "Outcome", cell: (a) => OUTCOME[a.outcome] ?? a.outcome },
            { key: "answer", header: "Answer", cell: (a) => (a.statusCode ? `HTTP ${a.statusCode}` : (a.error ?? "–")) },
            { key: "ms", header: "Time", numeric: true, cell: (a) => (a.durationMs === null ? "–" : `${a.durationMs} ms`) },
          ]}
        />
      )}
    </section>
  );
}

export function Timeline({ events }: { events: Awaited<ReturnType<typeof workflowTimeline>> }) {
  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title">Activity</h2>
      <ol className={styles.timeline}>
        {events.map((e) => (
          <li key={e.seq}>
            <strong>{eventText(e.kind)}</strong> by {actorText(e.actor)}
            <div className={styles.secondary}>{when(e.at)}</div>
            {e.summary && <div className={styles.secondary}>{e.summary}</div>}
          </li>
        ))}
      </ol>
    </section>
  );
}
