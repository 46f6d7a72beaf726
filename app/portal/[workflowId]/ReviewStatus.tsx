"use client";
import { useEffect, useState } from "react";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { Panel } from "@/components/Panel";
import { StatusTag } from "@/components/StatusTag";
import { changeRequestsOf, type Bootstrap } from "./bootstrap";
import type { PortalApi } from "./portal-api";
import { DecisionHistory } from "./ReviewPage";
import { SealedDownload } from "./SealedDownload";
import { fieldLabel, fieldPlaces, STATE_TAGS, type ReviewAction } from "./review-model";
import { useHeadingFocus } from "./use-heading-focus";
import { byDateText } from "@/lib/format/show-value";

const SEALING_POLL_MS = 3000;
const SEALING_POLLS = 20;

function panelTitle(action: ReviewAction, boot: Bootstrap): string {
  if (action === "request-changes") return "Changes requested";
  if (action === "reject") return "Submission rejected";
  if (action === "approve-with-exception") return "Approved with an exception";
  // An approved stage before the last leaves the workflow waiting for the next stage.
  return boot.workflow.state === "pending-approval" ? `Stage ${boot.workflow.currentApprovalStage - 1} approved` : "Submission approved";
}

const TITLES: Record<string, string> = {
  "in-progress": "Waiting for the participant",
  "changes-requested": "Waiting for the participant",
  "pending-approval": "Waiting for the next approval stage",
  sealing: "This submission has been approved",
  complete: "This submission is approved and sealed",
  rejected: "This submission was rejected",
  cancelled: "This form has been withdrawn",
};

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
  const heading = useHeadingFocus();
  const { state, correlationId, title } = boot.workflow;
  const tag = STATE_TAGS[state];
  const places = fieldPlaces(boot);
  const asked = changeRequestsOf(boot);

  // Sealing takes seconds: look again until the record exists, so that it can be downloaded here.
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (state !== "sealing" || polls >= SEALING_POLLS) return;
    const t = setTimeout(() => {
      setPolls((n) => n + 1);
      onReload();
    }, SEALING_POLL_MS);
    return () => clearTimeout(t);
  }, [state, polls, onReload]);

  return (
    <>
      {conflict && (
        <NotificationBanner title="Already decided" heading="Someone else has acted on this submission">
          <p>Nothing was changed by you. This is where it stands now.</p>
        </NotificationBanner>
      )}
      {!action && boot.reviewer?.refusal && (
        <NotificationBanner title="Read only" heading="This link can no longer decide">
          <p>{boot.reviewer.refusal.detail}.</p>
        </NotificationBanner>
      )}
      {action && !conflict ? (
        <Panel title={panelTitle(action, boot)} headingRef={heading}>
          Reference
          <br />
          <strong>{correlationId}</strong>
        </Panel>
      ) : (
        <>
          <Caption>{title}</Caption>
          <h1 tabIndex={-1} ref={heading}>
            {TITLES[state] ?? "Review"}
          </h1>
          <p>Reference: {correlationId}</p>
        </>
      )}
      <p>
        Status: <StatusTag colour={tag.colour}>{tag.label}</StatusTag>
      </p>
      <h2>{state === "complete" ? "The sealed record" : "What happens next"}</h2>
      {(state === "changes-requested" || state === "in-progress") && (
        <>
          <p>
            The participant has been emailed your requests. When they submit again, the approvers get an email with a new link to review the
            changes.
          </p>
          {asked.length > 0 && (
            <ul>
              {asked.map((c, i) => (
                <li key={i}>
                  {c.fieldKey ? `${fieldLabel(places, c.fieldKey)}: ` : ""}
                  {c.message}
                  {byDateText(c.dueDate, boot.workflow.locale)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {state === "pending-approval" && <p>The approvers of stage {boot.workflow.currentApprovalStage} have been emailed to review it.</p>}
      {state === "sealing" && (
        <p role="status">
          The answers, the rule results and the decisions are being sealed into a PDF record. This page shows it as soon as it is ready.
        </p>
      )}
      {state === "complete" && (
        <>
          <p>
            The sealed PDF record holds the answers, the rule results and every decision
            {boot.approvalException ? ", with the justification of the exception" : ""}.
          </p>
          <SealedDownload api={api} boot={boot} />
        </>
      )}
      {state === "rejected" && <p>Nothing is sealed. The rejection is kept in the approval history.</p>}
      {state === "cancelled" && <p>The organisation that sent the form withdrew it, so there is nothing more to decide.</p>}
      <DecisionHistory boot={boot} />
    </>
  );
}
