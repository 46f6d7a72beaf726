import type { Metadata } from "next";
import { Pagination } from "@/components/Pagination";
import { StatusTag } from "@/components/StatusTag";
import { Table } from "@/components/Table";
import { when } from "@/lib/console/labels";
import { pageNumber } from "@/lib/console/query";
import { consoleAccess } from "@/lib/console/session";
import { listConsoleWorkflows, type ConsoleWorkflowRow } from "@/lib/console/workflow-list";
import { workflowStateLabel, workflowStateLabels } from "@/lib/format/state-words";
import { workflowStates, type WorkflowState } from "@/lib/workflow/states";
import { ConsoleShell } from "../ConsoleShell";
import { NoAccess } from "../NoAccess";
import styles from "../console.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Workflows – Sealpost console", robots: { index: false, follow: false } };

const FILTERS = Object.keys(workflowStateLabels) as WorkflowState[];

/** /console/workflows?view=waiting|state=&page=: those waiting for the signed-in approver, or the organisation's workflows by state. */
export default async function WorkflowsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const waitingView = q.view === "waiting";
  const state =
    !waitingView && typeof q.state === "string" && (workflowStates as readonly string[]).includes(q.state)
      ? (q.state as WorkflowState)
      : undefined;
  const page = pageNumber(q.page);
  const href = (v: { waiting?: boolean; state?: WorkflowState }, p = 1) =>
    `/console/workflows?${new URLSearchParams({ ...(v.waiting ? { view: "waiting" } : {}), ...(v.state ? { state: v.state } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`.replace(
      /\?$/,
      "",
    );
  const access = await consoleAccess(href({ waiting: waitingView, state }, page), "workflow");
  if (!access.ok) return <NoAccess access={access} />;
  const list = await listConsoleWorkflows(access.principal, { view: waitingView ? "waiting" : "all", state, page });
  const n = (x: number) => x.toLocaleString("en-GB");
  const caption = waitingView ? "Waiting for your approval" : state ? workflowStateLabels[state].label : "All workflows";

  return (
    <ConsoleShell principal={access.principal}>
      <h1>Workflows</h1>
      <p className={styles.lede}>
        {waitingView
          ? `${n(list.waiting)} ${list.waiting === 1 ? "workflow waits" : "workflows wait"} for your approval. The newest come first.`
          : `${n(list.all)} ${list.all === 1 ? "workflow" : "workflows"} of ${access.principal.tenant.name}. The newest come first.`}
      </p>
      <nav aria-label="Filter workflows">
        <ul className={styles.filters}>
          <li>
            <a href={href({ waiting: true })} aria-current={waitingView ? "page" : undefined}>
              Waiting for you <span className={styles.count}>({n(list.waiting)})</span>
            </a>
          </li>
          <li>
            <a href={href({})} aria-current={!waitingView && !state ? "page" : undefined}>
              All <span className={styles.count}>({n(list.all)})</span>
            </a>
          </li>
          {FILTERS.filter((s) => list.counts[s] || s === state).map((s) => (
            <li key={s}>
              <a href={href({ state: s })} aria-current={s === state ? "page" : undefined}>
                {workflowStateLabels[s].label} <span className={styles.count}>({n(list.counts[s] ?? 0)})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {list.rows.length === 0 ? (
        <p>
          {waitingView
            ? "Nothing is waiting for your approval."
            : state
              ? `No workflows are ${workflowStateLabels[state].label.toLowerCase()}.`
              : "No workflows have been started yet."}
        </p>
      ) : (
        <Table<ConsoleWorkflowRow>
          caption={`${caption}, page ${list.page} of ${list.pages}`}
          captionHidden
          rows={list.rows}
          rowKey={(r) => r.workflowId}
          columns={[
            {
              key: "title",
              header: "Workflow",
              cell: (r) => (
                <>
                  <a href={`/console/workflows/${r.workflowId}`}>{r.title}</a>
                  <div className={styles.secondary}>
                    {r.templatePath} · by {r.createdBy}
                  </div>
                </>
              ),
            },
            { key: "started", header: "Started", cell: (r) => when(r.createdAt) },
            {
              key: "state",
              header: "State",
              cell: (r) => (
                <>
                  <StatusTag colour={workflowStateLabel(r.state).colour}>{workflowStateLabel(r.state).label}</StatusTag>
                  {r.state === "pending-approval" && (
                    <div className={styles.secondary}>
                      Stage {r.approvalStage} of {r.stages}
                    </div>
                  )}
                </>
              ),
            },
            { key: "reference", header: "Reference", cell: (r) => <span className={styles.reference}>{r.correlationId}</span> },
          ]}
        />
      )}
      <Pagination page={list.page} pages={list.pages} href={(p) => href({ waiting: waitingView, state }, p)} label="Pages of workflows" />
    </ConsoleShell>
  );
}
