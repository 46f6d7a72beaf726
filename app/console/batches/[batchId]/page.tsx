import type { Metadata } from "next";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { Pagination } from "@/components/Pagination";
import { ProgressBar } from "@/components/ProgressBar";
import { StatusTag } from "@/components/StatusTag";
import { SummaryList } from "@/components/SummaryList";
import { Table } from "@/components/Table";
import { getBatch } from "@/lib/batch/get-batch";
import type { Batch } from "@/lib/db/schema";
import { batchPermissions } from "@/lib/console/batch-actions";
import { recordCountsLine } from "@/lib/console/batch-counts";
import { batchRecordsPage, batchTimeline, recordFilters, type RecordFilter, type RecordRow } from "@/lib/console/batch-detail";
import { liveStates, when } from "@/lib/console/labels";
import { eventText } from "@/lib/format/event-words";
import { intakeClassLabels, stateLabel } from "@/lib/format/state-words";
import { pageNumber } from "@/lib/console/query";
import { orNotFound } from "@/lib/console/not-found";
import { consoleAccess } from "@/lib/console/session";
import { tierAllowsExplain } from "@/lib/explain/settings";
import { AutoRefresh } from "../../AutoRefresh";
import { ConsoleShell } from "../../ConsoleShell";
import { NoAccess } from "../../NoAccess";
import { RecordDetailsList } from "../RecordDetailsList";
import styles from "../../console.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Batch – Sealpost console", robots: { index: false, follow: false } };

const DONE: Record<string, string> = {
  approve: "You approved this batch.",
  reject: "You rejected this batch. No documents will be made.",
  "request-changes": "You asked for changes. The submitter has been emailed your comments.",
  cancel: "The batch has been cancelled.",
  sent: "Your batch has been sent. Its state below says what happens next.",
};
const NO_DECISION: Record<string, string> = {
  invalid: "None: the batch failed validation",
  cancelled: "None: cancelled before a decision",
};
const FILTER_LABEL: Record<RecordFilter, string> = { all: "All", pending: "Waiting", rendered: "Made", failed: "Failed" };

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
  const state = stateLabel(batch.state);
  // Own keys only: ?done=__proto__ must not reach the page as an object.
  const done = typeof q.done === "string" && Object.hasOwn(DONE, q.done) ? DONE[q.done] : undefined;
  // Every record of a traced batch has an explain trace (a failed render too).
  const explained = !!batch.explainRequestedBy && tierAllowsExplain(principal.tenant);
  const distribution = batch.distribution;

  return (
    <ConsoleShell principal={principal}>
      <AutoRefresh active={live} />
      <p>
        <a href="/console/batches">‹ All batches</a>
      </p>
      {done && <NotificationBanner variant="success" heading={done} />}
      <Caption>Batch from {batch.templatePath}</Caption>
      <h1>{batch.title}</h1>
      <p role="status">
        <StatusTag colour={state.colour}>{state.label}</StatusTag>
      </p>
      {(live || batch.processedCount > 0) && (
        <ProgressBar value={batch.processedCount} max={batch.documentCount} failed={batch.errorCount} label="Documents made" />
      )}

      <h2>Summary</h2>
      <SummaryList
        rows={[
          { key: "documents", label: "Records", value: recordCountsLine(batch) },
          {
            key: "submitter",
            label: "Submitted by",
            value: `${batch.submittedBy}, ${when(batch.createdAt)}${batch.sourceSystem ? ` from ${batch.sourceSystem}` : ""}`,
          },
          {
            key: "template",
            label: "Template",
            value: `${batch.templatePath}${batch.templateVersion ? ` (version ${batch.templateVersion.slice(0, 12)})` : ""}`,
          },
          {
            key: "distribution",
            label: "Distribution",
            value: `${distribution.mode ?? "individual"}; delivery ${distribution.deliveryConfig?.mode === "secure-email" ? "by secure email" : "none"}`,
          },
          { key: "approvers", label: "Approvers", value: batch.approvers.join(", ") || "None" },
          { key: "decision", label: "Decision", value: decisionLine(batch) ?? NO_DECISION[batch.state] ?? "Not decided yet" },
          { key: "reference", label: "Reference", value: `${batch.correlationId} (batch ${batch.id})` },
        ]}
      />

      {can.open && (
        <section aria-labelledby="decide-title">
          <h2 id="decide-title">Decision</h2>
          {can.canDecide ? (
            <p>Check the receipt and the records below, then decide. You will be asked to confirm.</p>
          ) : can.approver && can.submitter ? (
            <p>You submitted this batch, so another approver has to decide it.</p>
          ) : (
            <p>Waiting for a decision by {batch.approvers.join(", ")}.</p>
          )}
          <div className={styles.actions}>
            {can.canDecide && (
              <>
                <a className={`${styles.actionLink} ${styles.actionPrimary}`} href={`${base}/confirm/approve`}>
                  Approve
                </a>
                <a className={styles.actionLink} href={`${base}/confirm/request-changes`}>
                  Request changes
                </a>
                <a className={`${styles.actionLink} ${styles.actionWarning}`} href={`${base}/confirm/reject`}>
                  Reject
                </a>
              </>
            )}
            {can.canCancel && (
              <a className={styles.actionLink} href={`${base}/confirm/cancel`}>
                Cancel batch
              </a>
            )}
          </div>
        </section>
      )}

      <h2>Downloads</h2>
      <ul className={styles.downloads}>
        {batch.receiptKey && (
          <li>
            <a href={`${base}/files/receipt`}>Intake receipt (PDF)</a>
          </li>
        )}
        {batch.combinedKey && (
          <li>
            <a href={`${base}/files/combined`}>All documents in one PDF</a>
          </li>
        )}
        {batch.bundleKey && (
          <li>
            <a href={`${base}/files/bundle`}>All documents as a ZIP file</a>
          </li>
        )}
        {!batch.combinedKey && !batch.bundleKey && !["invalid", "rejected", "cancelled"].includes(batch.state) && (
          <li>Each document can be downloaded from its record below once it is made.</li>
        )}
      </ul>

      <h2>Activity</h2>
      <ol className={styles.timeline}>
        {timeline.map((t, i) => (
          <li key={i}>
            <strong>{eventText(t.action)}</strong>
            {t.actor ? ` by ${t.actor}` : ""}
            <div className={styles.secondary}>{when(t.at)}</div>
            {t.note && <div className={styles.secondary}>{t.note}</div>}
            {t.comments && <blockquote className={styles.quote}>{t.comments}</blockquote>}
          </li>
        ))}
      </ol>

      <h2 id="records">Records</h2>
      {batch.state === "invalid" ? (
        <p>
          This batch failed validation, so no documents will be made. The records with problems are listed; correct them and submit a new
          batch.
        </p>
      ) : (
        <nav aria-label="Filter records">
          <ul className={styles.filters}>
            {recordFilters.map((f) => {
              const n = f === "all" ? Object.values(records.byStatus).reduce((a, b) => a + b, 0) : (records.byStatus[f] ?? 0);
              return (
                <li key={f}>
                  <a href={href(f)} aria-current={f === filter ? "page" : undefined}>
                    {FILTER_LABEL[f]} <span className={styles.count}>({n.toLocaleString("en-GB")})</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {records.rows.length === 0 ? (
        <p>No records to show here.</p>
      ) : (
        <Table<RecordRow>
          caption={`Records${filter !== "all" ? ` (${FILTER_LABEL[filter].toLowerCase()})` : ""}, page ${records.page} of ${records.pages}, ${records.total.toLocaleString("en-GB")} in all`}
          rows={records.rows}
          rowKey={(r) => String(r.index)}
          columns={[
            { key: "n", header: "Record", numeric: true, cell: (r) => r.index + 1 },
            { key: "details", header: "Details", cell: (r) => (r.details ? <RecordDetailsList details={r.details} /> : "–") },
            { key: "file", header: "File", cell: (r) => r.fileName ?? "–" },
            {
              key: "intake",
              header: "Validation",
              cell: (r) => (
                <>
                  <StatusTag colour={intakeClassLabels[r.intake].colour}>{intakeClassLabels[r.intake].label}</StatusTag>
                  {r.messages.length > 0 && (
                    <ul className={styles.messages}>
                      {r.messages.map((m, i) => (
                        <li key={i}>{m}</li>
                      ))}
                    </ul>
                  )}
                </>
              ),
            },
            { key: "state", header: "Document", cell: (r) => recordState(r) },
            { key: "delivery", header: "Delivery", cell: (r) => deliveryCell(r) },
            {
              key: "download",
              header: "Download",
              cell: (r) => (
                <>
                  {r.status === "rendered" ? (
                    <a href={`${base}/files/documents/${r.index}`}>
                      PDF<span className="visually-hidden"> of record {r.index + 1}</span>
                    </a>
                  ) : (
                    "–"
                  )}
                  {explained && (r.status === "rendered" || r.status === "failed") && (
                    <div className={styles.secondary}>
                      Explain:{" "}
                      <a href={`${base}/files/explain/${r.index}/summary`}>
                        summary<span className="visually-hidden"> of record {r.index + 1}</span>
                      </a>
                      ,{" "}
                      <a href={`${base}/files/explain/${r.index}/detailed`}>
                        detailed<span className="visually-hidden"> of record {r.index + 1}</span>
                      </a>
                    </div>
                  )}
                </>
              ),
            },
          ]}
        />
      )}
      <Pagination page={records.page} pages={records.pages} href={(p) => href(filter, p)} label="Pages of records" />
    </ConsoleShell>
  );
}

function decisionLine(b: Batch): string | null {
  if (b.approvedBy === "auto-approved") return `Approved automatically at intake, ${when(b.decidedAt)}`;
  if (!b.decidedAt) return null;
  const verb = b.state === "rejected" ? "Rejected" : b.state === "changes-requested" ? "Changes requested" : "Approved";
  return `${verb}${b.approvedBy && verb === "Approved" ? ` by ${b.approvedBy}` : ""}, ${when(b.decidedAt)}${b.decisionComments ? `: “${b.decisionComments}”` : ""}`;
}

function recordState(r: RecordRow) {
  if (r.status === null) return "Not made";
  if (r.status === "pending") return <StatusTag colour="grey">Waiting</StatusTag>;
  if (r.status === "rendered") return <StatusTag colour="green">Made</StatusTag>;
  return (
    <>
      <StatusTag colour="red">Failed</StatusTag>
      {r.error && <div className={styles.secondary}>{r.error}</div>}
    </>
  );
}

function deliveryCell(r: RecordRow) {
  if (r.deliveries.length === 0) return "–";
  return (
    <ul className={styles.plainList}>
      {r.deliveries.map((d) => (
        <li key={d.recipientEmail}>
          {d.recipientEmail}:{" "}
          {d.mail?.status === "failed" ? (
            <>
              <StatusTag colour="red">Mail failed</StatusTag>
              {d.mail.lastError && <div className={styles.secondary}>{d.mail.lastError}</div>}
            </>
          ) : (
            <>
              {d.state !== "active"
                ? d.state
                : d.downloaded
                  ? "downloaded"
                  : d.accessed
                    ? "opened"
                    : d.mail?.status === "pending"
                      ? "mail waiting"
                      : "sent"}
              {d.lastAt && <span className={styles.secondary}> ({when(d.lastAt)})</span>}
              {d.mail?.status === "pending" && d.mail.lastError && <div className={styles.secondary}>Retrying: {d.mail.lastError}</div>}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
