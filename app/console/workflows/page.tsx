import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { Pagination } from "@/components/Pagination";
import { StatusTag } from "@/components/StatusTag";
import { Table } from "@/components/Table";
import { bidi } from "@/components/bidi";
import { pageNumber } from "@/lib/console/query";
import { consoleAccess } from "@/lib/console/session";
import { listConsoleWorkflows, type ConsoleWorkflowRow } from "@/lib/console/workflow-list";
import { momentText } from "@/lib/format/moment-text";
import { workflowStateTag, workflowStateTags } from "@/lib/format/state-words";
import { isolate } from "@/lib/i18n/isolate";
import { workflowStates, type WorkflowState } from "@/lib/workflow/states";
import { ConsoleShell } from "../ConsoleShell";
import { NoAccess } from "../NoAccess";
import { paginationWords } from "../console-words";
import styles from "../console.module.css";
import { STATE_IN_SENTENCE_KEYS } from "@/lib/format/workflow-word-keys";
import { workflowStateWords } from "./workflow-words";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("console.workflows.list.metaTitle"), robots: { index: false, follow: false } };
}

const FILTERS = Object.keys(workflowStateTags) as WorkflowState[];

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
  const [list, t, locale] = await Promise.all([
    listConsoleWorkflows(access.principal, { view: waitingView ? "waiting" : "all", state, page }),
    getTranslations(),
    getLocale(),
  ]);
  const pages = { page: list.page, pages: list.pages };
  const caption = waitingView
    ? t("console.workflows.list.captionWaiting", pages)
    : state
      ? t("console.workflows.list.captionState", { state: workflowStateWords(t, state), ...pages })
      : t("console.workflows.list.captionAll", pages);

  const muted = (chunks: ReactNode) => <span className={styles.count}>{chunks}</span>;

  return (
    <ConsoleShell principal={access.principal}>
      <h1>{t("console.workflows.list.title")}</h1>
      <p className={styles.lede}>
        {waitingView
          ? t("console.workflows.list.ledeWaiting", { count: list.waiting })
          : bidi(t("console.workflows.list.ledeAll", { count: list.all, organisation: isolate(access.principal.tenant.name) }))}
      </p>
      <nav aria-label={t("console.workflows.list.filtersLabel")}>
        <ul className={styles.filters}>
          <li>
            <a href={href({ waiting: true })} aria-current={waitingView ? "page" : undefined}>
              {t.rich("console.workflows.list.filterWaiting", { count: list.waiting, muted })}
            </a>
          </li>
          <li>
            <a href={href({})} aria-current={!waitingView && !state ? "page" : undefined}>
              {t.rich("console.workflows.list.filterAll", { count: list.all, muted })}
            </a>
          </li>
          {FILTERS.filter((s) => list.counts[s] || s === state).map((s) => (
            <li key={s}>
              <a href={href({ state: s })} aria-current={s === state ? "page" : undefined}>
                {t.rich("console.workflows.list.filterState", { state: workflowStateWords(t, s), count: list.counts[s] ?? 0, muted })}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {list.rows.length === 0 ? (
        <p>
          {waitingView
            ? t("console.workflows.list.emptyWaiting")
            : state
              ? t("console.workflows.list.emptyState", { state: t(STATE_IN_SENTENCE_KEYS[state]) })
              : t("console.workflows.list.emptyAll")}
        </p>
      ) : (
        <Table<ConsoleWorkflowRow>
          caption={caption}
          captionHidden
          rows={list.rows}
          rowKey={(r) => r.workflowId}
          columns={[
            {
              key: "title",
              header: t("console.workflows.list.columnWorkflow"),
              cell: (r) => (
                <>
                  <a href={`/console/workflows/${r.workflowId}`}>
                    <bdi>{r.title}</bdi>
                  </a>
                  <div className={styles.secondary}>
                    {bidi(t("console.workflows.list.templateBy", { template: isolate(r.templatePath), person: isolate(r.createdBy) }))}
                  </div>
                </>
              ),
            },
            { key: "started", header: t("console.workflows.list.columnStarted"), cell: (r) => momentText(r.createdAt, locale) },
            {
              key: "state",
              header: t("console.workflows.list.columnState"),
              cell: (r) => (
                <>
                  <StatusTag colour={workflowStateTag(r.state)}>{workflowStateWords(t, r.state)}</StatusTag>
                  {r.state === "pending-approval" && (
                    <div className={styles.secondary}>{t("console.workflows.stageOf", { stage: r.approvalStage, total: r.stages })}</div>
                  )}
                </>
              ),
            },
            {
              key: "reference",
              header: t("console.workflows.list.columnReference"),
              cell: (r) => (
                <span className={styles.reference}>
                  <bdi>{r.correlationId}</bdi>
                </span>
              ),
            },
          ]}
        />
      )}
      <Pagination
        page={list.page}
        pages={list.pages}
        href={(p) => href({ waiting: waitingView, state }, p)}
        label={t("console.workflows.list.pagesLabel")}
        words={paginationWords(t)}
      />
    </ConsoleShell>
  );
}
