import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { StatusTag } from "@/components/StatusTag";
import { SummaryList } from "@/components/SummaryList";
import { bidi } from "@/components/bidi";
import type { Workflow } from "@/lib/db/schema";
import { liveWorkflowStates } from "@/lib/console/labels";
import { tierAllowsExplain } from "@/lib/explain/settings";
import { orNotFound } from "@/lib/console/not-found";
import { consoleAccess } from "@/lib/console/session";
import { signingDetail } from "@/lib/console/signing-detail";
import { workflowPermissions, type WorkflowConsoleAction } from "@/lib/console/workflow-actions";
import { approvalStages, workflowTimeline } from "@/lib/console/workflow-detail";
import { momentText } from "@/lib/format/moment-text";
import { workflowStateTag } from "@/lib/format/state-words";
import { isolate } from "@/lib/i18n/isolate";
import type { Locale } from "@/lib/i18n/locales";
import type { Translator } from "@/lib/i18n/translator";
import { listCallbackAttempts } from "@/lib/workflow/callback/list-callback-attempts";
import { getWorkflow } from "@/lib/workflow/get-workflow";
import { totalApprovalStages } from "@/lib/workflow/present-workflow";
import { AutoRefresh } from "../../AutoRefresh";
import { ConsoleShell } from "../../ConsoleShell";
import { NoAccess } from "../../NoAccess";
import styles from "../../console.module.css";
import { workflowStateWords } from "../workflow-words";
import { Actions, Approval, Callbacks, ChangesSinceReview, CollectedData, Exception, History, RuleResults, Timeline } from "./sections";
import { Signing } from "./signing";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("console.workflows.detail.metaTitle"), robots: { index: false, follow: false } };
}

const DONE = {
  approve: "console.workflows.detail.done.approve",
  "approve-with-exception": "console.workflows.detail.done.approveWithException",
  reject: "console.workflows.detail.done.reject",
  "request-changes": "console.workflows.detail.done.requestChanges",
  escalate: "console.workflows.detail.done.escalate",
  cancel: "console.workflows.detail.done.cancel",
  seal: "console.workflows.detail.done.seal",
} as const satisfies Record<WorkflowConsoleAction, string>;

/** /console/workflows/{id}: the approval mail's console link. State, data, rules, changes, approval, actions, files and activity. */
export default async function WorkflowPage({
  params,
  searchParams,
}: {
  params: Promise<{ workflowId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { workflowId } = await params;
  const q = await searchParams;
  const base = `/console/workflows/${encodeURIComponent(workflowId)}`;
  const access = await consoleAccess(base, "workflow");
  if (!access.ok) return <NoAccess access={access} />;
  const { principal } = access;

  const [wf, t, locale] = await Promise.all([
    orNotFound(getWorkflow(principal.tenant.id, workflowId), "workflow.not_found"),
    getTranslations(),
    getLocale() as Promise<Locale>,
  ]);
  const [timeline, callbacks, signing] = await Promise.all([
    workflowTimeline(wf, locale),
    wf.callbackUrl ? listCallbackAttempts(wf.tenantId, wf.id) : null,
    signingDetail(wf, principal),
  ]);
  // Signing ended and its certificate is being made: keep refreshing until it is there.
  const certificatePending =
    !!signing?.certificate && "pending" in signing.certificate && (wf.state === "complete" || wf.state === "rejected");
  const perms = workflowPermissions(wf, principal);
  const stages = approvalStages(wf, principal.tenant.approvers);
  // Own keys only: ?done=__proto__ must not reach the page as an object.
  const done = typeof q.done === "string" && Object.hasOwn(DONE, q.done) ? t(DONE[q.done as WorkflowConsoleAction]) : undefined;
  const recipients = wf.settings.recipients.map((r) => isolate(r.displayName ? `${r.displayName} <${r.email}>` : r.email));
  const list = new Intl.ListFormat(locale, { type: "unit", style: "short" });
  const link = (href: string) => (chunks: ReactNode) => <a href={href}>{chunks}</a>;

  return (
    <ConsoleShell principal={principal}>
      <AutoRefresh active={liveWorkflowStates.includes(wf.state) || certificatePending} />
      <p>
        <a href="/console/workflows">{t("console.workflows.detail.back")}</a>
      </p>
      {done && <NotificationBanner variant="success" heading={done} />}
      <Caption>{bidi(t("console.workflows.detail.caption", { template: isolate(wf.templatePath) }))}</Caption>
      <h1>
        <bdi>{wf.title}</bdi>
      </h1>
      <p role="status">
        <StatusTag colour={workflowStateTag(wf.state)}>{workflowStateWords(t, wf.state)}</StatusTag>
      </p>

      <h2>{t("console.workflows.detail.summaryHeading")}</h2>
      <SummaryList
        words={{ notAnswered: t("common.form.notAnswered"), change: t("common.form.change") }}
        rows={[
          {
            key: "started",
            label: t("console.workflows.detail.startedBy"),
            value: t("console.workflows.detail.startedByValue", { person: isolate(wf.createdBy), at: wf.createdAt }),
          },
          {
            key: "participants",
            label: t("console.workflows.detail.participants"),
            value: recipients.length ? list.format(recipients) : t("console.workflows.detail.participantsNone"),
          },
          { key: "progress", label: t("console.workflows.detail.steps"), value: progressLine(t, wf) },
          {
            key: "validation",
            label: t("console.workflows.detail.validation"),
            value: !wf.validationOutcome
              ? t("console.workflows.detail.validationNotYet")
              : wf.validationOutcome === "passed"
                ? t("console.workflows.detail.validationPassed", { at: wf.validatedAt ?? wf.createdAt })
                : t("console.workflows.detail.validationFailed", { at: wf.validatedAt ?? wf.createdAt }),
          },
          { key: "approval", label: t("console.workflows.detail.approval"), value: approvalLine(t, wf) },
          {
            key: "template",
            label: t("console.workflows.detail.template"),
            value: t("console.workflows.detail.templateValue", {
              template: isolate(wf.templatePath),
              version: wf.templateVersion.slice(0, 12),
            }),
          },
          {
            key: "reference",
            label: t("console.workflows.detail.reference"),
            value: t("console.workflows.detail.referenceValue", { reference: isolate(wf.correlationId), id: wf.id }),
          },
          ...(wf.completedAt
            ? [
                {
                  key: "ended",
                  label: wf.state === "complete" ? t("console.workflows.detail.completed") : t("console.workflows.detail.ended"),
                  value: momentText(wf.completedAt, locale),
                },
              ]
            : []),
        ]}
      />

      <Actions wf={wf} base={base} perms={perms} stages={stages} t={t} />

      <h2>{t("console.workflows.detail.filesHeading")}</h2>
      <ul className={styles.downloads}>
        {wf.sealedKey && wf.sealedSha256 ? (
          <li>
            {t.rich("console.workflows.detail.sealedPdf", { link: link(`${base}/files/sealed`), at: wf.sealedAt ?? wf.createdAt })}
            <div className={styles.secondary}>
              SHA-256: <code className={styles.hash}>{wf.sealedSha256}</code>
            </div>
          </li>
        ) : null}
        {wf.sealedKey && wf.settings.explainRequestedBy && tierAllowsExplain(principal.tenant) ? (
          <li>
            {t.rich("console.workflows.detail.explain", {
              summary: link(`${base}/files/explain/summary`),
              detailed: link(`${base}/files/explain/detailed`),
            })}
          </li>
        ) : null}
        {wf.sealedKey && wf.sealedSha256 ? null : (
          <li>{wf.state === "sealing" ? t("console.workflows.detail.sealingNow") : t("console.workflows.detail.noSealedPdf")}</li>
        )}
        <li>
          {t.rich("console.workflows.detail.export", { json: link(`${base}/files/export/json`), csv: link(`${base}/files/export/csv`) })}
        </li>
      </ul>

      {signing && <Signing detail={signing} base={base} t={t} locale={locale} />}
      <CollectedData wf={wf} t={t} locale={locale} />
      <RuleResults wf={wf} t={t} />
      <ChangesSinceReview wf={wf} t={t} locale={locale} />
      <Approval wf={wf} stages={stages} t={t} locale={locale} />
      <History wf={wf} t={t} locale={locale} />
      <Exception wf={wf} t={t} />
      {callbacks && <Callbacks callbacks={callbacks} t={t} locale={locale} />}
      <Timeline events={timeline} t={t} locale={locale} />
    </ConsoleShell>
  );
}

function progressLine(t: Translator, wf: Workflow): string {
  const total = wf.schema.steps.length;
  if (wf.state === "in-progress" || wf.state === "changes-requested")
    return t("console.workflows.detail.stepsAt", {
      step: wf.currentStepIndex + 1,
      total,
      title: isolate(wf.schema.steps[wf.currentStepIndex]?.title ?? ""),
    });
  return t("console.workflows.detail.stepsCount", { count: total });
}

function approvalLine(t: Translator, wf: Workflow): string {
  const total = totalApprovalStages(wf);
  if (wf.state === "pending-approval")
    return t("console.workflows.detail.approvalWaiting", { stage: wf.approvalStage, total, since: wf.approvalRequestedAt ?? wf.createdAt });
  return t("console.workflows.detail.approvalStages", { count: total });
}
