"use client";
import { Button, ButtonGroup } from "@/components/Button";
import { NotificationBanner } from "@/components/NotificationBanner";
import { StatusTag } from "@/components/StatusTag";
import { SummaryList } from "@/components/SummaryList";
import { Table } from "@/components/Table";
import type { SendThresholds } from "@/lib/batch/send-thresholds";
import type { ApprovalPreview, BatchPreview, PreviewRow } from "@/lib/console/new-batch";
import { plural } from "@/lib/plural";
import styles from "../../console.module.css";
import { RecordDetailsList } from "../RecordDetailsList";

/** Where the error summary of the check and confirmation steps leads: the one button there. */
export const SEND_ID = "send";
const CLASS: Record<PreviewRow["status"], { label: string; colour: "green" | "yellow" | "red" }> = {
  ready: { label: "Ready", colour: "green" },
  warning: { label: "Warning", colour: "yellow" },
  invalid: { label: "Invalid", colour: "red" },
};

/**
 * Who will approve the batch, said before it is sent: the approvers, why the sender is not one of
 * them when they were named, and a warning when nobody may approve it (the batch is then not offered).
 */
function Approval({ approval }: { approval: ApprovalPreview }) {
  if (approval.kind === "not-needed") return <p>This template needs no approval: the documents are made as soon as you send the batch.</p>;
  if (approval.kind === "nobody") {
    return (
      <NotificationBanner variant="warning" title="Nobody can approve this batch">
        <p>
          {approval.senderLeftOut
            ? "You cannot approve a batch you send, and neither the template nor your organisation names another approver."
            : "This template needs an approver, and neither the template nor your organisation names one."}{" "}
          Ask your administrator to name one, then send the records again.
        </p>
      </NotificationBanner>
    );
  }
  const who = approval.approvers.join(", ");
  return (
    <>
      {approval.senderLeftOut && (
        <NotificationBanner title="Approval">
          <p>You cannot approve a batch you send. It will go to {who} for approval.</p>
          {approval.tenantInstead && (
            <p>The template names only you as its approver, so your organisation&apos;s other approvers are asked instead.</p>
          )}
        </NotificationBanner>
      )}
      <SummaryList rows={[{ key: "approvers", label: "Approved by", value: who }]} />
    </>
  );
}

/** The check step: the counts in the receipt's words, who approves, what the thresholds allow, every record with its findings, then the action. */
export function CheckStep({
  preview,
  thresholds,
  pending,
  onSend,
  onConfirm,
  onBack,
  onChooseTemplate,
}: {
  preview: BatchPreview;
  thresholds: SendThresholds;
  pending: boolean;
  onSend: () => void;
  onConfirm: () => void;
  onBack: () => void;
  onChooseTemplate: () => void;
}) {
  const { decision, counts } = preview;
  const invalid = counts?.invalid ?? 0;
  const nobodyApproves = preview.approval.kind === "nobody";
  return (
    <>
      {preview.countsLine && <p className={styles.lede}>{preview.countsLine}</p>}
      <Approval approval={preview.approval} />
      {preview.unknownColumns.length > 0 && (
        <NotificationBanner title="Columns not checked">
          <p>
            {preview.unknownColumns.length === 1 ? "This column names" : "These columns name"} no field of {preview.templateTitle}:{" "}
            {preview.unknownColumns.map((c) => `“${c}”`).join(", ")}. {preview.unknownColumns.length === 1 ? "It is" : "They are"} kept with
            each record but not checked. Is a heading misspelt?
          </p>
        </NotificationBanner>
      )}
      {decision.kind === "blocked" ? (
        <>
          <NotificationBanner variant="warning" title="Too many records">
            <p>{decision.message}</p>
          </NotificationBanner>
          <p>A batch from the console holds at most {plural(thresholds.max, "record")}. Split the list, or send it through the API.</p>
        </>
      ) : invalid > 0 ? (
        <p>
          {invalid === 1 ? "1 record has errors" : `${plural(invalid, "record")} have errors`}. Correct {invalid === 1 ? "it" : "them"} in
          your list and give the records again: a batch with invalid records cannot be made.
        </p>
      ) : nobodyApproves ? (
        <p>Check the records below. They cannot be sent from this template until someone other than you can approve them.</p>
      ) : decision.kind === "confirm" ? (
        <p>Check the records below. A list of more than {plural(thresholds.warning, "record")} is sent only after you confirm.</p>
      ) : (
        <p>Check the records below, then send them.</p>
      )}
      {preview.rows.length > 0 && (
        <Table<PreviewRow>
          caption="Every record, with what the intake receipt will say of it"
          rows={preview.rows}
          rowKey={(r) => String(r.index)}
          columns={[
            { key: "n", header: "Record", numeric: true, cell: (r) => r.index + 1 },
            {
              key: "details",
              header: "Details",
              cell: (r) => <RecordDetailsList details={r.details} to="To:" />,
            },
            {
              key: "validation",
              header: "Validation",
              cell: (r) => (
                <>
                  <StatusTag colour={CLASS[r.status].colour}>{CLASS[r.status].label}</StatusTag>
                  {r.findings.length > 0 && (
                    <ul className={styles.messages}>
                      {r.findings.map((f, i) => (
                        <li key={i} data-field={f.field} data-severity={f.severity}>
                          {f.severity === "error" ? "Error" : "Warning"}: {f.text}
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              ),
            },
          ]}
        />
      )}
      {/* The action after the records: they are read before anything is sent. */}
      {decision.kind === "blocked" || invalid > 0 ? (
        <Button id={SEND_ID} onClick={onBack}>
          {decision.kind === "blocked" ? "Give other records" : "Give the records again"}
        </Button>
      ) : nobodyApproves ? (
        <Button id={SEND_ID} onClick={onChooseTemplate}>
          Choose another template
        </Button>
      ) : (
        <ButtonGroup>
          {decision.kind === "send" ? (
            <Button id={SEND_ID} onClick={onSend} disabled={pending}>
              {pending ? "Sending…" : `Send ${plural(preview.total, "record")}`}
            </Button>
          ) : (
            <Button id={SEND_ID} onClick={onConfirm}>
              Continue
            </Button>
          )}
          <Button variant="link" onClick={onBack}>
            Give other records
          </Button>
        </ButtonGroup>
      )}
    </>
  );
}
