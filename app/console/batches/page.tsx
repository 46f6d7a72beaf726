import type { Metadata } from "next";
import { ButtonLink } from "@/components/Button";
import { Pagination } from "@/components/Pagination";
import { ProgressBar } from "@/components/ProgressBar";
import { StatusTag } from "@/components/StatusTag";
import { Table } from "@/components/Table";
import { batchStates, type BatchState } from "@/lib/batch/states";
import { recordCountsLine } from "@/lib/console/batch-counts";
import { listConsoleBatches, type ConsoleBatchRow } from "@/lib/console/batch-list";
import { liveStates, when } from "@/lib/console/labels";
import { stateLabel, stateLabels } from "@/lib/format/state-words";
import { pageNumber } from "@/lib/console/query";
import { consoleAccess } from "@/lib/console/session";
import { AutoRefresh } from "../AutoRefresh";
import { ConsoleShell } from "../ConsoleShell";
import { NoAccess } from "../NoAccess";
import styles from "../console.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Batches – Sealpost console", robots: { index: false, follow: false } };

// "approved" is never stored (approval moves straight to queued), so it gets no filter.
const FILTERS = (Object.keys(stateLabels) as BatchState[]).filter((s) => s !== "approved");

/** /console/batches?state=&page=: the organisation's batches, newest first, filtered by state. */
export default async function BatchesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const state = typeof q.state === "string" && (batchStates as readonly string[]).includes(q.state) ? (q.state as BatchState) : undefined;
  const page = pageNumber(q.page);
  const href = (s: BatchState | undefined, p = 1) =>
    `/console/batches?${new URLSearchParams({ ...(s ? { state: s } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`.replace(/\?$/, "");
  const access = await consoleAccess(href(state, page));
  if (!access.ok) return <NoAccess access={access} />;
  const list = await listConsoleBatches(access.principal.tenant.id, { state, page });
  const live = list.rows.some((r) => liveStates.includes(r.state));

  return (
    <ConsoleShell principal={access.principal}>
      <AutoRefresh active={live} />
      <h1>Batches</h1>
      <p className={styles.lede}>
        {list.all.toLocaleString("en-GB")} {list.all === 1 ? "batch" : "batches"} of {access.principal.tenant.name}. The newest come first.
      </p>
      <p>
        <ButtonLink href="/console/batches/new">New batch</ButtonLink>
      </p>
      <nav aria-label="Filter by state">
        <ul className={styles.filters}>
          <li>
            <a href={href(undefined)} aria-current={!state ? "page" : undefined}>
              All <span className={styles.count}>({list.all.toLocaleString("en-GB")})</span>
            </a>
          </li>
          {FILTERS.filter((s) => list.counts[s] || s === state).map((s) => (
            <li key={s}>
              <a href={href(s)} aria-current={s === state ? "page" : undefined}>
                {stateLabels[s].label} <span className={styles.count}>({(list.counts[s] ?? 0).toLocaleString("en-GB")})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {list.rows.length === 0 ? (
        <p>{state ? `No batches are ${stateLabels[state].label.toLowerCase()}.` : "No batches have been submitted yet."}</p>
      ) : (
        <Table<ConsoleBatchRow>
          caption={`${state ? stateLabels[state].label : "All batches"}, page ${list.page} of ${list.pages}`}
          captionHidden
          rows={list.rows}
          rowKey={(r) => r.batchId}
          columns={[
            {
              key: "title",
              header: "Batch",
              cell: (r) => (
                <>
                  <a href={`/console/batches/${r.batchId}`}>{r.title}</a>
                  <div className={styles.reference}>Reference {r.correlationId}</div>
                  <div className={styles.secondary}>
                    {r.templatePath} · by {r.submittedBy}
                  </div>
                </>
              ),
            },
            { key: "submitted", header: "Submitted", cell: (r) => when(r.createdAt) },
            {
              key: "state",
              header: "State",
              cell: (r) => (
                <>
                  <StatusTag colour={stateLabel(r.state).colour}>{stateLabel(r.state).label}</StatusTag>
                  {liveStates.includes(r.state) && (
                    <div className={styles.progress}>
                      <ProgressBar value={r.processedCount} max={r.documentCount} failed={r.errorCount} label={`Progress of ${r.title}`} />
                    </div>
                  )}
                </>
              ),
            },
            { key: "records", header: "Records", cell: (r) => recordCountsLine(r) },
          ]}
        />
      )}
      <Pagination page={list.page} pages={list.pages} href={(p) => href(state, p)} label="Pages of batches" />
    </ConsoleShell>
  );
}
