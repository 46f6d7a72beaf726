import type { Metadata } from "next";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/Button";
import { Pagination } from "@/components/Pagination";
import { ProgressBar } from "@/components/ProgressBar";
import { StatusTag } from "@/components/StatusTag";
import { Table } from "@/components/Table";
import { batchStates, type BatchState } from "@/lib/batch/states";
import { recordCounts } from "@/lib/console/batch-counts";
import { listConsoleBatches, type ConsoleBatchRow } from "@/lib/console/batch-list";
import { liveStates, when } from "@/lib/console/labels";
import { stateLabel, stateLabels } from "@/lib/format/state-words";
import { pageNumber } from "@/lib/console/query";
import { consoleAccess } from "@/lib/console/session";
import { AutoRefresh } from "../AutoRefresh";
import { ConsoleShell } from "../ConsoleShell";
import { NoAccess } from "../NoAccess";
import { paginationWords, progressWords } from "../console-words";
import styles from "../console.module.css";
import { batchStateName, recordCountsText } from "./batch-words";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("console.batches.list.title"), robots: { index: false, follow: false } };
}

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
  const [t, format, locale] = await Promise.all([getTranslations(), getFormatter(), getLocale()]);

  return (
    <ConsoleShell principal={access.principal}>
      <AutoRefresh active={live} />
      <h1>{t("console.batches.list.heading")}</h1>
      <p className={styles.lede}>{t("console.batches.list.lede", { count: list.all, organisation: access.principal.tenant.name })}</p>
      <p>
        <ButtonLink href="/console/batches/new">{t("console.batches.list.newBatch")}</ButtonLink>
      </p>
      <nav aria-label={t("console.batches.list.filterLabel")}>
        <ul className={styles.filters}>
          <li>
            <a href={href(undefined)} aria-current={!state ? "page" : undefined}>
              {t("console.batches.list.all")} <span className={styles.count}>({format.number(list.all)})</span>
            </a>
          </li>
          {FILTERS.filter((s) => list.counts[s] || s === state).map((s) => (
            <li key={s}>
              <a href={href(s)} aria-current={s === state ? "page" : undefined}>
                {batchStateName(t, s)} <span className={styles.count}>({format.number(list.counts[s] ?? 0)})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {list.rows.length === 0 ? (
        <p>{state ? t("console.batches.list.noneInState") : t("console.batches.list.noneYet")}</p>
      ) : (
        <Table<ConsoleBatchRow>
          caption={
            state
              ? t("console.batches.list.captionState", { state: batchStateName(t, state), page: list.page, pages: list.pages })
              : t("console.batches.list.captionAll", { page: list.page, pages: list.pages })
          }
          captionHidden
          rows={list.rows}
          rowKey={(r) => r.batchId}
          columns={[
            {
              key: "title",
              header: t("console.batches.list.colBatch"),
              cell: (r) => (
                <>
                  <a href={`/console/batches/${r.batchId}`}>{r.title}</a>
                  <div className={styles.reference}>{t("console.batches.list.reference", { reference: r.correlationId })}</div>
                  <div className={styles.secondary}>
                    {t("console.batches.list.byline", { template: r.templatePath, submitter: r.submittedBy })}
                  </div>
                </>
              ),
            },
            { key: "submitted", header: t("console.batches.list.colSubmitted"), cell: (r) => when(r.createdAt, locale) },
            {
              key: "state",
              header: t("console.batches.list.colState"),
              cell: (r) => (
                <>
                  <StatusTag colour={stateLabel(r.state).colour}>{batchStateName(t, r.state)}</StatusTag>
                  {liveStates.includes(r.state) && (
                    <div className={styles.progress}>
                      <ProgressBar
                        value={r.processedCount}
                        max={r.documentCount}
                        failed={r.errorCount}
                        label={t("console.batches.list.progressOf", { title: r.title })}
                        words={progressWords(t)}
                      />
                    </div>
                  )}
                </>
              ),
            },
            { key: "records", header: t("console.batches.list.colRecords"), cell: (r) => recordCountsText(t, recordCounts(r)) },
          ]}
        />
      )}
      <Pagination
        page={list.page}
        pages={list.pages}
        href={(p) => href(state, p)}
        label={t("console.batches.list.pagesLabel")}
        words={paginationWords(t)}
      />
    </ConsoleShell>
  );
}
