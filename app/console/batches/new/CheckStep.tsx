"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { bidi } from "@/components/bidi";
import { Button, ButtonGroup } from "@/components/Button";
import { NotificationBanner } from "@/components/NotificationBanner";
import { StatusTag } from "@/components/StatusTag";
import { SummaryList } from "@/components/SummaryList";
import { Table } from "@/components/Table";
import { wordsText } from "@/lib/i18n/words-text";
import type { SendThresholds } from "@/lib/batch/send-thresholds";
import type { ApprovalPreview, BatchPreview, PreviewRow } from "@/lib/console/new-batch";
import { INTAKE_CLASS_KEYS } from "@/lib/format/batch-state-keys";
import { intakeClassLabels } from "@/lib/format/state-words";
import { isolate } from "@/lib/i18n/isolate";
import type { Locale } from "@/lib/i18n/locales";
import styles from "../../console.module.css";
import { RecordDetailsList } from "../RecordDetailsList";
import { intakeCountsText } from "../batch-words";

/** Where the error summary of the check and confirmation steps leads: the one button there. */
export const SEND_ID = "send";

/** People's addresses as a list shows them: each as it is written. */
const addresses = (approvers: string[]) => isolate(approvers.join(", "));

/**
 * Who will approve the batch, said before it is sent: the approvers, why the sender is not one of
 * them when they were named, and a warning when nobody may approve it (the batch is then not offered).
 */
function Approval({ approval }: { approval: ApprovalPreview }) {
  const t = useTranslations();
  const format = useFormatter();
  if (approval.kind === "not-needed") return <p>{t("console.newBatch.approval.notNeeded")}</p>;
  if (approval.kind === "nobody") {
    return (
      <NotificationBanner variant="warning" title={t("console.newBatch.approval.nobodyTitle")}>
        <p>{approval.senderLeftOut ? t("console.newBatch.approval.nobodySender") : t("console.newBatch.approval.nobody")}</p>
      </NotificationBanner>
    );
  }
  return (
    <>
      {approval.senderLeftOut && (
        <NotificationBanner title={t("console.newBatch.approval.title")}>
          <p>
            {bidi(
              t("console.newBatch.approval.senderLeftOut", {
                // In a sentence, as the page's language joins a list ("a und b"), each address as it is written.
                approvers: format.list(approval.approvers.map(isolate), { type: "conjunction" }),
              }),
            )}
          </p>
          {approval.tenantInstead && <p>{t("console.newBatch.approval.tenantInstead")}</p>}
        </NotificationBanner>
      )}
      <SummaryList rows={[{ key: "approvers", label: t("console.newBatch.approval.approvedBy"), value: addresses(approval.approvers) }]} />
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
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const format = useFormatter();
  const { decision, counts } = preview;
  const invalid = counts?.invalid ?? 0;
  const nobodyApproves = preview.approval.kind === "nobody";
  const unknown = preview.unknownColumns;
  return (
    <>
      {counts && <p className={styles.lede}>{intakeCountsText(t, counts)}</p>}
      <Approval approval={preview.approval} />
      {unknown.length > 0 && (
        <NotificationBanner title={t("console.newBatch.check.unknownTitle")}>
          <p>
            {bidi(
              t("console.newBatch.check.unknown", {
                count: unknown.length,
                template: isolate(preview.templateTitle),
                columns: unknown.map((c) => t("console.newBatch.check.quoted", { column: isolate(c) })).join(", "),
              }),
            )}
          </p>
        </NotificationBanner>
      )}
      {decision.kind === "blocked" ? (
        <>
          {/* Worded here from the numbers, not the typed client's English sentence. */}
          <NotificationBanner variant="warning" title={t("console.newBatch.check.tooManyTitle")}>
            <p>{t("console.newBatch.refusals.tooMany", { count: preview.total, max: thresholds.max })}</p>
          </NotificationBanner>
          <p>{t("console.newBatch.check.tooManyHelp", { max: thresholds.max })}</p>
        </>
      ) : invalid > 0 ? (
        <p>{t("console.newBatch.check.invalid", { count: invalid })}</p>
      ) : nobodyApproves ? (
        <p>{t("console.newBatch.check.nobody")}</p>
      ) : decision.kind === "confirm" ? (
        <p>{t("console.newBatch.check.confirm", { warning: thresholds.warning })}</p>
      ) : (
        <p>{t("console.newBatch.check.send")}</p>
      )}
      {preview.rows.length > 0 && (
        <Table<PreviewRow>
          caption={t("console.newBatch.check.caption")}
          rows={preview.rows}
          rowKey={(r) => String(r.index)}
          columns={[
            { key: "n", header: t("console.batches.detail.colRecord"), numeric: true, cell: (r) => format.number(r.index + 1) },
            {
              key: "details",
              header: t("console.batches.detail.colDetails"),
              cell: (r) => <RecordDetailsList details={r.details} to={t("console.batches.detail.to")} />,
            },
            {
              key: "validation",
              header: t("console.batches.detail.colValidation"),
              cell: (r) => (
                <>
                  <StatusTag colour={intakeClassLabels[r.status].colour}>{t(INTAKE_CLASS_KEYS[r.status])}</StatusTag>
                  {r.findings.length > 0 && (
                    <ul className={styles.messages}>
                      {r.findings.map((f, i) => (
                        <li key={i} data-field={f.field} data-severity={f.severity}>
                          {t("console.newBatch.check.finding", { severity: f.severity })} {bidi(wordsText(t, locale, f.words))}
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
          {decision.kind === "blocked" ? t("console.newBatch.check.giveOther") : t("console.newBatch.check.giveAgain")}
        </Button>
      ) : nobodyApproves ? (
        <Button id={SEND_ID} onClick={onChooseTemplate}>
          {t("console.newBatch.records.otherTemplate")}
        </Button>
      ) : (
        <ButtonGroup>
          {decision.kind === "send" ? (
            <Button id={SEND_ID} onClick={onSend} disabled={pending}>
              {pending ? t("console.newBatch.check.sending") : t("console.newBatch.check.sendButton", { count: preview.total })}
            </Button>
          ) : (
            <Button id={SEND_ID} onClick={onConfirm}>
              {t("console.newBatch.continue")}
            </Button>
          )}
          <Button variant="link" onClick={onBack}>
            {t("console.newBatch.check.giveOther")}
          </Button>
        </ButtonGroup>
      )}
    </>
  );
}
