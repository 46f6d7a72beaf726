import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Caption } from "@/components/PageShell";
import { SummaryList } from "@/components/SummaryList";
import { getBatch } from "@/lib/batch/get-batch";
import type { Batch } from "@/lib/db/schema";
import { batchPermissions, consoleActions, type ConsoleAction } from "@/lib/console/batch-actions";
import { orNotFound } from "@/lib/console/not-found";
import { consoleAccess } from "@/lib/console/session";
import { ConsoleShell } from "../../../../ConsoleShell";
import { NoAccess } from "../../../../NoAccess";
import { ConfirmForm } from "../../../../ConfirmForm";
import { batchStateName, type PageTranslator } from "../../../batch-words";
import { confirmBatchAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("console.batches.confirm.title"), robots: { index: false, follow: false } };
}

/** Each action's words: its question, its button, what it does, and its comment field's (none for cancel). */
const TEXT = {
  approve: {
    heading: "console.batches.confirm.approve.heading",
    submit: "console.batches.confirm.approve.submit",
    commentLabel: "console.batches.confirm.approve.commentLabel",
    commentHint: "console.batches.confirm.decisionHint",
  },
  "request-changes": {
    heading: "console.batches.confirm.requestChanges.heading",
    submit: "console.batches.confirm.requestChanges.submit",
    commentLabel: "console.batches.confirm.requestChanges.commentLabel",
    commentHint: "console.batches.confirm.requestChanges.commentHint",
  },
  reject: {
    heading: "console.batches.confirm.reject.heading",
    submit: "console.batches.confirm.reject.submit",
    commentLabel: "console.batches.confirm.reject.commentLabel",
    commentHint: "console.batches.confirm.decisionHint",
  },
  cancel: {
    heading: "console.batches.confirm.cancel.heading",
    submit: "console.batches.confirm.cancel.submit",
    commentLabel: null,
    commentHint: null,
  },
} as const satisfies Record<ConsoleAction, object>;

/** What the action does, in a sentence. */
function effect(t: PageTranslator, act: ConsoleAction, b: Batch): string {
  switch (act) {
    case "approve":
      return b.distribution.deliveryConfig?.mode === "secure-email"
        ? t("console.batches.confirm.approve.effectSent", { count: b.readyCount })
        : t("console.batches.confirm.approve.effect", { count: b.readyCount });
    case "request-changes":
      return t("console.batches.confirm.requestChanges.effect");
    case "reject":
      return t("console.batches.confirm.reject.effect");
    case "cancel":
      return t("console.batches.confirm.cancel.effect");
  }
}

/** /console/batches/{id}/confirm/{action}: the confirmation step before a decision or a cancellation (nothing happens on GET). */
export default async function ConfirmPage({ params }: { params: Promise<{ batchId: string; action: string }> }) {
  const { batchId, action } = await params;
  if (!(consoleActions as readonly string[]).includes(action)) notFound();
  const act = action as ConsoleAction;
  const base = `/console/batches/${encodeURIComponent(batchId)}`;
  const access = await consoleAccess(`${base}/confirm/${act}`);
  if (!access.ok) return <NoAccess access={access} />;
  const batch = await orNotFound(getBatch(access.principal.tenant.id, batchId), "batch.not_found");
  const can = batchPermissions(batch, access.principal);
  const allowed = act === "cancel" ? can.canCancel : can.canDecide;
  const t = await getTranslations();
  return (
    <ConsoleShell principal={access.principal} wide={false}>
      <Caption>{batch.title}</Caption>
      {allowed ? (
        <>
          <h1>{t(TEXT[act].heading)}</h1>
          <SummaryList
            rows={[
              { key: "state", label: t("console.batches.confirm.stateNow"), value: batchStateName(t, batch.state) },
              { key: "submitter", label: t("console.batches.detail.submittedBy"), value: batch.submittedBy },
              {
                key: "documents",
                label: t("console.batches.detail.records"),
                value: batch.warningCount
                  ? t("console.batches.confirm.recordsWithWarnings", { count: batch.documentCount, warnings: batch.warningCount })
                  : t("console.batches.confirm.recordsValue", { count: batch.documentCount }),
              },
            ]}
          />
          <p>{effect(t, act, batch)}</p>
          <ConfirmForm
            action={confirmBatchAction.bind(null, batch.id, act)}
            fields={
              TEXT[act].commentLabel
                ? [
                    {
                      kind: "textarea",
                      name: "comments",
                      label: t(TEXT[act].commentLabel),
                      hint: t(TEXT[act].commentHint),
                      required: act === "request-changes",
                      maxLength: 4000,
                    },
                  ]
                : []
            }
            submitLabel={t(TEXT[act].submit)}
            backHref={base}
            backLabel={t("console.batches.confirm.back")}
          />
        </>
      ) : (
        <>
          <h1>{t("console.batches.confirm.cannotHeading")}</h1>
          <p>{refusal(t, act, can)}</p>
          <p>
            <a href={base}>{t("console.batches.confirm.goBack")}</a>
          </p>
        </>
      )}
    </ConsoleShell>
  );
}

function refusal(t: PageTranslator, act: ConsoleAction, can: ReturnType<typeof batchPermissions>): string {
  if (!can.open) return t("console.batches.confirm.notOpen");
  if (act !== "cancel" && can.submitter) return t("console.batches.refusals.selfApproval");
  return t("console.batches.refusals.notApprover");
}
