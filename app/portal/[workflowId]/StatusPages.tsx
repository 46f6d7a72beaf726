"use client";
import { Caption } from "@/components/PageShell";
import { Panel } from "@/components/Panel";
import { StatusTag, type TagColour } from "@/components/StatusTag";
import type { Bootstrap } from "./bootstrap";
import type { PortalApi } from "./portal-api";
import { SealedDownload } from "./SealedDownload";
import styles from "./portal.module.css";
import { useHeadingFocus } from "./use-heading-focus";

/** GOV.UK confirmation page: shown from pending-approval on, while the answers are reviewed and sealed. */
export function Confirmation({ boot }: { boot: Bootstrap }) {
  const heading = useHeadingFocus();
  const sealing = boot.workflow.state === "sealing";
  return (
    <>
      <Panel title="Your answers have been submitted" headingRef={heading}>
        Your reference
        <br />
        <strong>{boot.workflow.correlationId}</strong>
      </Panel>
      <p>
        Status: <StatusTag colour={sealing ? "green" : "blue"}>{sealing ? "Approved, being sealed" : "Waiting for approval"}</StatusTag>
      </p>
      <h2>What happens next</h2>
      <p>
        {boot.workflow.organizationName ?? "The organisation that invited you"} will review your answers. You will get an email if they need
        you to change anything, and when the review is finished.
      </p>
      <p>Keep your reference: quote it if you contact them about this form.</p>
    </>
  );
}

const FINAL: Record<string, { title: string; tag: string; colour: TagColour; text: string }> = {
  complete: {
    title: "Your form is complete",
    tag: "Complete",
    colour: "green",
    text: "Your answers were approved and sealed. Nothing more is needed from you.",
  },
  rejected: {
    title: "Your submission was not approved",
    tag: "Not approved",
    colour: "red",
    text: "The reviewer did not approve this form. Contact the organisation that invited you if you have questions.",
  },
  cancelled: {
    title: "This form has been withdrawn",
    tag: "Withdrawn",
    colour: "grey",
    text: "The organisation that invited you has withdrawn this form, so it can no longer be changed or submitted.",
  },
};

/** A workflow that is over (complete, rejected, cancelled): what happened, the reference and, once sealed, the record. */
export function FinalStatus({ api, boot }: { api: PortalApi; boot: Bootstrap }) {
  const heading = useHeadingFocus();
  const s = FINAL[boot.workflow.state] ?? FINAL.cancelled;
  return (
    <>
      <Caption>{boot.workflow.title}</Caption>
      <h1 tabIndex={-1} ref={heading}>
        {s.title}
      </h1>
      <p>
        Status: <StatusTag colour={s.colour}>{s.tag}</StatusTag>
      </p>
      <p>{s.text}</p>
      {boot.workflow.state === "complete" && boot.workflow.sealedFileName && <SealedDownload api={api} boot={boot} />}
      <p>
        Your reference: <span className={styles.reference}>{boot.workflow.correlationId}</span>
      </p>
    </>
  );
}

/** Anything the portal cannot go on from (the server unreachable, an unknown answer). */
export function ProblemPage({ title, children }: { title: string; children: React.ReactNode }) {
  const heading = useHeadingFocus();
  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {children}
    </>
  );
}
