"use client";
import { useTranslations } from "next-intl";
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
  const t = useTranslations();
  const heading = useHeadingFocus();
  const sealing = boot.workflow.state === "sealing";
  const organisation = boot.workflow.organizationName;
  return (
    <>
      <Panel title={t("portal.done.submitted")} headingRef={heading}>
        {t("portal.done.yourReference")}
        <br />
        <strong>{boot.workflow.correlationId}</strong>
      </Panel>
      <p>
        {t.rich("portal.statusLine", {
          state: sealing ? t("portal.state.sealing") : t("portal.done.waiting"),
          tag: (chunks) => <StatusTag colour={sealing ? "green" : "blue"}>{chunks}</StatusTag>,
        })}
      </p>
      <h2>{t("portal.done.whatNext")}</h2>
      <p>{organisation ? t("portal.done.reviewNext", { organisation }) : t("portal.done.reviewNextGeneric")}</p>
      <p>{t("portal.done.keepReference")}</p>
    </>
  );
}

const FINAL = {
  complete: {
    title: "portal.done.completeTitle",
    tag: "portal.done.completeTag",
    text: "portal.done.completeText",
    colour: "green",
  },
  rejected: {
    title: "portal.done.rejectedTitle",
    tag: "portal.done.rejectedTag",
    text: "portal.done.rejectedText",
    colour: "red",
  },
  cancelled: {
    title: "portal.done.cancelledTitle",
    tag: "portal.done.cancelledTag",
    text: "portal.done.cancelledText",
    colour: "grey",
  },
} as const satisfies Record<string, { title: string; tag: string; text: string; colour: TagColour }>;

/** A workflow that is over (complete, rejected, cancelled): what happened, the reference and, once sealed, the record. */
export function FinalStatus({ api, boot }: { api: PortalApi; boot: Bootstrap }) {
  const t = useTranslations();
  const heading = useHeadingFocus();
  const { title, tag, text, colour } = FINAL[boot.workflow.state as keyof typeof FINAL] ?? FINAL.cancelled;
  return (
    <>
      <Caption>
        <bdi>{boot.workflow.title}</bdi>
      </Caption>
      <h1 tabIndex={-1} ref={heading}>
        {t(title)}
      </h1>
      <p>{t.rich("portal.statusLine", { state: t(tag), tag: (chunks) => <StatusTag colour={colour}>{chunks}</StatusTag> })}</p>
      <p>{t(text)}</p>
      {boot.workflow.state === "complete" && boot.workflow.sealedFileName && <SealedDownload api={api} boot={boot} />}
      <p>
        {t.rich("portal.done.referenceLine", {
          reference: boot.workflow.correlationId,
          ref: (chunks) => <span className={styles.reference}>{chunks}</span>,
        })}
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
