import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Caption } from "@/components/PageShell";
import { SummaryList } from "@/components/SummaryList";
import { getBatch } from "@/lib/batch/get-batch";
import type { Batch } from "@/lib/db/schema";
import { batchPermissions, consoleActions, type ConsoleAction } from "@/lib/console/batch-actions";
import { stateLabel } from "@/lib/format/state-words";
import { orNotFound } from "@/lib/console/not-found";
import { consoleAccess } from "@/lib/console/session";
import { ConsoleShell } from "../../../../ConsoleShell";
import { NoAccess } from "../../../../NoAccess";
import { ConfirmForm } from "../../../../ConfirmForm";
import { confirmBatchAction } from "./actions";
import { plural } from "@/lib/plural";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Confirm – Sealpost console", robots: { index: false, follow: false } };

const TEXT: Record<
  ConsoleAction,
  { title: string; submit: string; effect: (b: Batch) => string; commentLabel: string | null; commentHint: string }
> = {
  approve: {
    title: "Approve this batch?",
    submit: "Yes, approve the batch",
    effect: (b) =>
      `${plural(b.readyCount, "document")} will be made${b.distribution.deliveryConfig?.mode === "secure-email" ? " and sent to their recipients" : ""}. This cannot be undone.`,
    commentLabel: "Comments (optional)",
    commentHint: "Recorded with your decision and shown in the batch's activity.",
  },
  "request-changes": {
    title: "Ask for changes to this batch?",
    submit: "Yes, ask for changes",
    effect: () => "No documents will be made. The submitter is emailed your comments and can submit a corrected batch.",
    commentLabel: "What needs to change",
    commentHint: "The submitter receives this by email.",
  },
  reject: {
    title: "Reject this batch?",
    submit: "Yes, reject the batch",
    effect: () => "No documents will be made, and the batch cannot be approved afterwards.",
    commentLabel: "Reason (optional)",
    commentHint: "Recorded with your decision and shown in the batch's activity.",
  },
  cancel: {
    title: "Cancel this batch?",
    submit: "Yes, cancel the batch",
    effect: () => "No documents will be made, and the batch cannot be decided afterwards.",
    commentLabel: null,
    commentHint: "",
  },
};

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
  const t = TEXT[act];
  return (
    <ConsoleShell principal={access.principal} wide={false}>
      <Caption>{batch.title}</Caption>
      {allowed ? (
        <>
          <h1>{t.title}</h1>
          <SummaryList
            rows={[
              { key: "state", label: "State now", value: stateLabel(batch.state).label },
              { key: "submitter", label: "Submitted by", value: batch.submittedBy },
              {
                key: "documents",
                label: "Records",
                value: `${batch.documentCount.toLocaleString("en-GB")}${batch.warningCount ? ` (${batch.warningCount.toLocaleString("en-GB")} with warnings)` : ""}`,
              },
            ]}
          />
          <p>{t.effect(batch)}</p>
          <ConfirmForm
            action={confirmBatchAction.bind(null, batch.id, act)}
            fields={
              t.commentLabel
                ? [
                    {
                      kind: "textarea",
                      name: "comments",
                      label: t.commentLabel,
                      hint: t.commentHint,
                      required: act === "request-changes",
                      maxLength: 4000,
                    },
                  ]
                : []
            }
            submitLabel={t.submit}
            backHref={base}
            backLabel="No, go back to the batch"
          />
        </>
      ) : (
        <>
          <h1>You cannot do this</h1>
          <p>{refusal(act, can)}</p>
          <p>
            <a href={base}>Go back to the batch</a>
          </p>
        </>
      )}
    </ConsoleShell>
  );
}

function refusal(act: ConsoleAction, can: ReturnType<typeof batchPermissions>): string {
  if (!can.open) return "This batch has already been decided or has moved on, so it can no longer be decided or cancelled.";
  if (act !== "cancel" && can.submitter) return "You submitted this batch, so another approver has to decide it.";
  return "You are not one of the approvers of this batch, so you cannot decide it.";
}
