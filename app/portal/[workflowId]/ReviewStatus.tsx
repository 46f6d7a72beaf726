"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { Panel } from "@/components/Panel";
import { StatusTag } from "@/components/StatusTag";
import type { Translator } from "@/lib/i18n/translator";
import { changeRequestsOf, type Bootstrap } from "./bootstrap";
import type { PortalApi } from "./portal-api";
import { stateWords } from "./portal-words";
import { askedWords, DecisionHistory } from "./ReviewPage";
import { bidi } from "@/components/bidi";
import { SealedDownload } from "./SealedDownload";
import { fieldPlaces, STATE_TAGS, type ReviewAction } from "./review-model";
import { useHeadingFocus } from "./use-heading-focus";

const SEALING_POLL_MS = 3000;
const SEALING_POLLS = 20;

function panelTitle(t: Translator, action: ReviewAction, boot: Bootstrap): string {
  if (action === "request-changes") return t("portal.review.panelChanges");
  if (action === "reject") return t("portal.review.panelRejected");
  if (action === "approve-with-exception") return t("portal.review.panelException");
  // An approved stage before the last leaves the workflow waiting for the next stage.
  return boot.workflow.state === "pending-approval"
    ? t("portal.review.panelStage", { stage: boot.workflow.currentApprovalStage - 1 })
    : t("portal.review.panelApproved");
}

const TITLES = {
  "in-progress": "portal.review.stateInProgress",
  "changes-requested": "portal.review.stateInProgress",
  "validation-failed": "portal.review.stateInProgress",
  "pending-approval": "portal.review.statePendingApproval",
  sealing: "portal.review.stateSealing",
  complete: "portal.review.stateComplete",
  rejected: "portal.review.stateRejected",
  cancelled: "portal.review.stateCancelled",
} as const;

/** Why this reviewer link may only read, in the page's words (the server's detail is English). */
function refusalWords(t: Translator, boot: Bootstrap, refusal: { code: string }): string {
  if (refusal.code === "workflow.review_stage_passed")
    return t("portal.review.refusalStagePassed", { stage: Math.max(boot.workflow.currentApprovalStage, 1) });
  if (refusal.code === "workflow.self_approval") return t("portal.review.refusalSelf");
  if (refusal.code === "workflow.not_approver" && boot.reviewer)
    return t("portal.review.refusalNotApprover", { email: boot.reviewer.email });
  return t("portal.review.refusalOther");
}

/**
 * Where a reviewed submission stands: the outcome of what the reviewer just did (a confirmation
 * panel), or, opening the link later, the state it is in; the sealed record once it exists.
 */
export function ReviewStatus({
  api,
  boot,
  action,
  conflict,
  onReload,
}: {
  api: PortalApi;
  boot: Bootstrap;
  action: ReviewAction | null;
  conflict: boolean;
  onReload: () => void;
}) {
  const t = useTranslations();
  const heading = useHeadingFocus();
  const { state, correlationId, title } = boot.workflow;
  const tag = STATE_TAGS[state];
  const places = fieldPlaces(boot);
  const asked = changeRequestsOf(boot);

  // Sealing takes seconds: look again until the record exists, so that it can be downloaded here.
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (state !== "sealing" || polls >= SEALING_POLLS) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      onReload();
    }, SEALING_POLL_MS);
    return () => clearTimeout(timer);
  }, [state, polls, onReload]);

  return (
    <>
      {conflict && (
        <NotificationBanner title={t("portal.review.alreadyTitle")} heading={t("portal.review.conflictHeading")}>
          <p>{t("portal.review.alreadyBody")}</p>
        </NotificationBanner>
      )}
      {!action && boot.reviewer?.refusal && (
        <NotificationBanner title={t("portal.review.readOnlyTitle")} heading={t("portal.review.readOnlyHeading")}>
          <p>{refusalWords(t, boot, boot.reviewer.refusal)}</p>
        </NotificationBanner>
      )}
      {action && !conflict ? (
        <Panel title={panelTitle(t, action, boot)} headingRef={heading}>
          {t("portal.review.referenceLabel")}
          <br />
          <strong>{correlationId}</strong>
        </Panel>
      ) : (
        <>
          <Caption>
            <bdi>{title}</bdi>
          </Caption>
          <h1 tabIndex={-1} ref={heading}>
            {t(TITLES[state] ?? "portal.review.titleOutcome")}
          </h1>
          <p>{t("portal.review.reference", { reference: correlationId })}</p>
        </>
      )}
      <p>
        {t.rich("portal.statusLine", { state: stateWords(t, state), tag: (chunks) => <StatusTag colour={tag.colour}>{chunks}</StatusTag> })}
      </p>
      <h2>{state === "complete" ? t("portal.review.sealedRecord") : t("portal.review.whatNext")}</h2>
      {(state === "changes-requested" || state === "in-progress") && (
        <>
          <p>{t("portal.review.participantEmailed")}</p>
          {asked.length > 0 && (
            <ul>
              {asked.map((c, i) => (
                <li key={i}>{bidi(askedWords(t, places, c))}</li>
              ))}
            </ul>
          )}
        </>
      )}
      {state === "pending-approval" && <p>{t("portal.review.nextStage", { stage: boot.workflow.currentApprovalStage })}</p>}
      {state === "sealing" && <p role="status">{t("portal.review.sealing")}</p>}
      {state === "complete" && (
        <>
          <p>{boot.approvalException ? t("portal.review.sealedHoldsException") : t("portal.review.sealedHolds")}</p>
          <SealedDownload api={api} boot={boot} />
        </>
      )}
      {state === "rejected" && <p>{t("portal.review.rejectedNothing")}</p>}
      {state === "cancelled" && <p>{t("portal.review.cancelledNothing")}</p>}
      <DecisionHistory boot={boot} />
    </>
  );
}
