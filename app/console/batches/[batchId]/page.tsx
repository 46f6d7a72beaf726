import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { bidi } from "@/components/bidi";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { Pagination } from "@/components/Pagination";
import { ProgressBar } from "@/components/ProgressBar";
import { StatusTag } from "@/components/StatusTag";
import { SummaryList } from "@/components/SummaryList";
import { Table } from "@/components/Table";
import { wordsText } from "@/lib/i18n/words-text";
import { getBatch } from "@/lib/batch/get-batch";
import type { Locale } from "@/lib/i18n/locales";
import type { Batch } from "@/lib/db/schema";
import { batchPermissions } from "@/lib/console/batch-actions";
import { recordCounts } from "@/lib/console/batch-counts";
import { batchRecordsPage, batchTimeline, recordFilters, type RecordFilter, type RecordRow } from "@/lib/console/batch-detail";
import { liveStates, when } from "@/lib/console/labels";
import { INTAKE_CLASS_KEYS } from "@/lib/format/batch-state-keys";
import { eventText } from "@/lib/format/event-words";
import { intakeClassLabels, stateLabel } from "@/lib/format/state-words";
import { pageNumber } from "@/lib/console/query";
import { orNotFound } from "@/lib/console/not-found";
import { consoleAccess } from "@/lib/console/session";
import { tierAllowsExplain } from "@/lib/explain/settings";
import { AutoRefresh } from "../../AutoRefresh";
import { ConsoleShell } from "../../ConsoleShell";
import { NoAccess } from "../../NoAccess";
import { paginationWords, progressWords } from "../../console-words";
import { batchStateName, recordCountsText, type PageTranslator } from "../batch-words";
import { RecordDetailsList } from "../RecordDetailsList";
import styles from "../../console.module.css";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("console.batches.detail.title"), robots: { index: false, follow: false } };
}

/** The banner after an action (?done=), by what was done. */
const DONE = {
  approve: "console.batches.detail.done.approve",
  reject: "console.batches.detail.done.reject",
  "request-changes": "console.batches.detail.done.requestChanges",
  cancel: "console.batches.detail.done.cancel",
  sent: "console.batches.detail.done.sent",
} as const;

/** A record's document, by its processing status: the filters' words and the tags'. */
const STATUS = {
  all: "console.batches.detail.status.all",
  pending: "console.batches.detail.status.pending",
  rendered: "console.batches.detail.status.rendered",
  failed: "console.batches.detail.status.failed",
} as const satisfies Record<RecordFilter, string>;

/** /console/batches/{id}: the approval mail's link. Summary, decision, downloads, records and timeline. */
export default async function BatchPage({
  params,
  searchParams,
}: {
  params: Promise<{ batchId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { batchId } = await params;
  const q = await searchParams;
  const filter: RecordFilter = recordFilters.includes(q.records as RecordFilter) ? (q.records as RecordFilter) : "all";
  const page = pageNumber(q.page);
  const base = `/console/batches/${encodeURIComponent(batchId)}`;
  const href = (f: RecordFilter, p = 1) =>
    `${base}?${new URLSearchParams({ ...(f !== "all" ? { records: f } : {}), ...(p > 1 ? { page: String(p) } : {}) })}#records`.replace(
      "?#",
      "#",
    );
  const access = await consoleAccess(base);
  if (!access.ok) return <NoAccess access={access} />;
  const { principal } = access;

  const batch = await orNotFound(getBatch(principal.tenant.id, batchId), "batch.not_found");
  const [records, timeline] = await Promise.all([batchRecordsPage(batch, { page, filter }), batchTimeline(batch)]);
  const can = batchPermissions(batch, principal);
  const live = liveStates.includes(batch.state);
  const [t, format, locale] = await Promise.all([getTranslations(), getFormatter(), getLocale()]);
  const at = (d: Date | string | null) => when(d, locale);
  // Own keys only: ?done=__proto__ must not reach the page as an object.
  const done = typeof q.done === "string" && Object.hasOwn(DONE, q.done) ? t(DONE[q.done as keyof typeof DONE]) : undefined;
  // Every record of a traced batch has an explain trace (a failed render too).
  const explained = !!batch.explainRequestedBy && tierAllowsExplain(principal.tenant);
  const distribution = batch.distribution;
  const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

  return (
    <ConsoleShell principal={principal}>
      <AutoRefresh active={live} />
      <p>
        <a href="/console/batches">{t("console.batches.detail.back")}</a>
      </p>
      {done && <NotificationBanner variant="success" heading={done} />}
      <Caption>{t("console.batches.detail.caption", { template: batch.templatePath })}</Caption>
      <h1>{batch.title}</h1>
      <p role="status">
        <StatusTag colour={stateLabel(batch.state).colour}>{batchStateName(t, batch.state)}</StatusTag>
      </p>
      {(live || batch.processedCount > 0) && (
        <ProgressBar
          value={batch.processedCount}
          max={batch.documentCount}
          failed={batch.errorCount}
          label={t("console.batches.detail.documentsMade")}
          words={progressWords(t)}
        />
      )}

      <h2>{t("console.batches.detail.summary")}</h2>
      <SummaryList
        words={{ notAnswered: t("console.common.none"), change: t("common.form.change") }}
        rows={[
          { key: "documents", label: t("console.batches.detail.records"), value: recordCountsText(t, recordCounts(batch)) },
          {
            key: "submitter",
            label: t("console.batches.detail.submittedBy"),
            value: batch.sourceSystem
              ? t("console.batches.detail.submittedFrom", {
                  submitter: batch.submittedBy,
                  at: at(batch.createdAt),
                  source: batch.sourceSystem,
                })
              : t("console.batches.detail.submitted", { submitter: batch.submittedBy, at: at(batch.createdAt) }),
          },
          {
            key: "template",
            label: t("console.batches.detail.template"),
            value: batch.templateVersion
              ? t("console.batches.detail.templateVersion", { template: batch.templatePath, version: batch.templateVersion.slice(0, 12) })
              : batch.templatePath,
          },
          {
            key: "distribution",
            label: t("console.batches.detail.distribution"),
            value: t("console.batches.detail.distributionValue", {
              mode: distribution.mode ?? "individual",
              delivery: distribution.deliveryConfig?.mode === "secure-email" ? "secureEmail" : "none",
            }),
          },
          { key: "approvers", label: t("console.batches.detail.approvers"), value: batch.approvers.join(", ") || t("console.common.none") },
          { key: "decision", label: t("console.batches.detail.decision"), value: decisionLine(t, batch, at) },
          {
            key: "reference",
            label: t("console.batches.detail.reference"),
            value: t("console.batches.detail.referenceValue", { reference: batch.correlationId, id: batch.id }),
          },
        ]}
      />

      {can.open && (
        <section aria-labelledby="decide-title">
          <h2 id="decide-title">{t("console.batches.detail.decision")}</h2>
          {can.canDecide ? (
            <p>{t("console.batches.detail.canDecide")}</p>
          ) : can.approver && can.submitter ? (
            <p>{t("console.batches.refusals.selfApproval")}</p>
          ) : (
            <p>{t("console.batches.detail.waitingFor", { approvers: batch.approvers.join(", ") })}</p>
          )}
          <div className={styles.actions}>
            {can.canDecide && (
              <>
                <a className={`${styles.actionLink} ${styles.actionPrimary}`} href={`${base}/confirm/approve`}>
                  {t("console.batches.detail.approve")}
                </a>
                <a className={styles.actionLink} href={`${base}/confirm/request-changes`}>
                  {t("console.batches.detail.requestChanges")}
                </a>
                <a className={`${styles.actionLink} ${styles.actionWarning}`} href={`${base}/confirm/reject`}>
                  {t("console.batches.detail.reject")}
                </a>
              </>
            )}
            {can.canCancel && (
              <a className={styles.actionLink} href={`${base}/confirm/cancel`}>
                {t("console.batches.detail.cancel")}
              </a>
            )}
          </div>
        </section>
      )}

      <h2>{t("console.batches.detail.downloads")}</h2>
      <ul className={styles.downloads}>
        {batch.receiptKey && (
          <li>
            <a href={`${base}/files/receipt`}>{t("console.batches.detail.receipt")}</a>
          </li>
        )}
        {batch.combinedKey && (
          <li>
            <a href={`${base}/files/combined`}>{t("console.batches.detail.combined")}</a>
          </li>
        )}
        {batch.bundleKey && (
          <li>
            <a href={`${base}/files/bundle`}>{t("console.batches.detail.bundle")}</a>
          </li>
        )}
        {!batch.combinedKey && !batch.bundleKey && !["invalid", "rejected", "cancelled"].includes(batch.state) && (
          <li>{t("console.batches.detail.eachLater")}</li>
        )}
      </ul>

      <h2>{t("console.batches.detail.activity")}</h2>
      <ol className={styles.timeline}>
        {timeline.map((e, i) => (
          <li key={i}>
            {e.actor ? (
              t.rich("console.batches.detail.eventBy", {
                event: eventText(e.action, locale),
                actor: e.actor,
                strong: (c) => <strong>{c}</strong>,
              })
            ) : (
              <strong>{eventText(e.action, locale)}</strong>
            )}
            <div className={styles.secondary}>{at(e.at)}</div>
            {e.mailFailure && <div className={styles.secondary}>{t("console.batches.detail.mailFailure", e.mailFailure)}</div>}
            {e.comments && <blockquote className={styles.quote}>{e.comments}</blockquote>}
          </li>
        ))}
      </ol>

      <h2 id="records">{t("console.batches.detail.recordsHeading")}</h2>
      {batch.state === "invalid" ? (
        <p>{t("console.batches.detail.invalidBatch")}</p>
      ) : (
        <nav aria-label={t("console.batches.detail.filterRecords")}>
          <ul className={styles.filters}>
            {recordFilters.map((f) => {
              const n = f === "all" ? Object.values(records.byStatus).reduce((a, b) => a + b, 0) : (records.byStatus[f] ?? 0);
              return (
                <li key={f}>
                  <a href={href(f)} aria-current={f === filter ? "page" : undefined}>
                    {t(STATUS[f])} <span className={styles.count}>({format.number(n)})</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {records.rows.length === 0 ? (
        <p>{t("console.batches.detail.noRecords")}</p>
      ) : (
        <Table<RecordRow>
          caption={t("console.batches.detail.recordsCaption", { filter, page: records.page, pages: records.pages, total: records.total })}
          rows={records.rows}
          rowKey={(r) => String(r.index)}
          columns={[
            { key: "n", header: t("console.batches.detail.colRecord"), numeric: true, cell: (r) => format.number(r.index + 1) },
            {
              key: "details",
              header: t("console.batches.detail.colDetails"),
              cell: (r) => (r.details ? <RecordDetailsList details={r.details} to={t("console.batches.detail.to")} /> : "–"),
            },
            { key: "file", header: t("console.batches.detail.colFile"), cell: (r) => r.fileName ?? "–" },
            {
              key: "intake",
              header: t("console.batches.detail.colValidation"),
              cell: (r) => (
                <>
                  <StatusTag colour={intakeClassLabels[r.intake].colour}>{t(INTAKE_CLASS_KEYS[r.intake])}</StatusTag>
                  {r.findings && r.findings.length > 0 ? (
                    <ul className={styles.messages}>
                      {r.findings.map((w, i) => (
                        <li key={i}>{bidi(wordsText(t, locale as Locale, w))}</li>
                      ))}
                    </ul>
                  ) : (
                    r.messages.length > 0 && (
                      // A batch taken in before the findings' words were kept has the API's English lines: marked so, for a screen reader.
                      <ul className={styles.messages} lang="en">
                        {r.messages.map((m, i) => (
                          <li key={i}>{m}</li>
                        ))}
                      </ul>
                    )
                  )}
                </>
              ),
            },
            { key: "state", header: t("console.batches.detail.colDocument"), cell: (r) => recordState(t, r) },
            { key: "delivery", header: t("console.batches.detail.colDelivery"), cell: (r) => deliveryCell(t, r, at) },
            {
              key: "download",
              header: t("console.batches.detail.colDownload"),
              cell: (r) => (
                <>
                  {r.status === "rendered" ? (
                    <a href={`${base}/files/documents/${r.index}`}>
                      {t.rich("console.batches.detail.pdf", { record: r.index + 1, hidden })}
                    </a>
                  ) : (
                    "–"
                  )}
                  {explained && (r.status === "rendered" || r.status === "failed") && (
                    <div className={styles.secondary}>
                      {t.rich("console.batches.detail.explain", {
                        record: r.index + 1,
                        hidden,
                        summary: (c) => <a href={`${base}/files/explain/${r.index}/summary`}>{c}</a>,
                        detailed: (c) => <a href={`${base}/files/explain/${r.index}/detailed`}>{c}</a>,
                      })}
                    </div>
                  )}
                </>
              ),
            },
          ]}
        />
      )}
      <Pagination
        page={records.page}
        pages={records.pages}
        href={(p) => href(filter, p)}
        label={t("console.batches.detail.pagesLabel")}
        words={paginationWords(t)}
      />
    </ConsoleShell>
  );
}

/** The decision's line of the summary: who decided, when, and their comments. */
function decisionLine(t: PageTranslator, b: Batch, at: (d: Date | null) => string): string {
  if (b.approvedBy === "auto-approved") return t("console.batches.detail.decidedAuto", { at: at(b.decidedAt) });
  if (!b.decidedAt) {
    if (b.state === "invalid") return t("console.batches.detail.noDecisionInvalid");
    if (b.state === "cancelled") return t("console.batches.detail.noDecisionCancelled");
    return t("console.batches.detail.notDecided");
  }
  const verdict = b.state === "rejected" ? "rejected" : b.state === "changes-requested" ? "changesRequested" : "approved";
  const decision =
    verdict === "approved" && b.approvedBy
      ? t("console.batches.detail.approvedBy", { approver: b.approvedBy, at: at(b.decidedAt) })
      : t("console.batches.detail.decided", { verdict, at: at(b.decidedAt) });
  return b.decisionComments ? t("console.batches.detail.withComments", { decision, comments: b.decisionComments }) : decision;
}

function recordState(t: PageTranslator, r: RecordRow) {
  if (r.status === null) return t("console.batches.detail.notMade");
  if (r.status === "pending") return <StatusTag colour="grey">{t(STATUS.pending)}</StatusTag>;
  if (r.status === "rendered") return <StatusTag colour="green">{t(STATUS.rendered)}</StatusTag>;
  return (
    <>
      <StatusTag colour="red">{t(STATUS.failed)}</StatusTag>
      {r.error && (
        <div className={styles.secondary} lang="en">
          {r.error}
        </div>
      )}
    </>
  );
}

/** Where a delivery stands: withdrawn or expired, else the furthest the recipient got, else the mail's state. */
const deliveryState = (d: RecordRow["deliveries"][number]) =>
  d.state !== "active"
    ? d.state
    : d.downloaded
      ? "downloaded"
      : d.accessed
        ? "opened"
        : d.mail?.status === "pending"
          ? "mailWaiting"
          : "sent";

function deliveryCell(t: PageTranslator, r: RecordRow, at: (d: Date | null) => string) {
  if (r.deliveries.length === 0) return "–";
  return (
    <ul className={styles.plainList}>
      {r.deliveries.map((d) => (
        <li key={d.recipientEmail}>
          {d.recipientEmail}:{" "}
          {d.mail?.status === "failed" ? (
            <>
              <StatusTag colour="red">{t("console.batches.detail.mailFailed")}</StatusTag>
              {d.mail.lastError && <div className={styles.secondary}>{d.mail.lastError}</div>}
            </>
          ) : (
            <>
              {t("console.batches.detail.delivery", { state: deliveryState(d) })}
              {d.lastAt && <span className={styles.secondary}> ({at(d.lastAt)})</span>}
              {d.mail?.status === "pending" && d.mail.lastError && (
                <div className={styles.secondary}>{t("console.batches.detail.retrying", { error: d.mail.lastError })}</div>
              )}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
