"use client";
import { useTranslations } from "next-intl";
import type { SaveStatus as Status } from "./use-autosave";
import styles from "./portal.module.css";

const TEXT = {
  pending: "portal.step.saving",
  saving: "portal.step.saving",
  saved: "portal.step.saved",
  retrying: "portal.step.retrying",
  stopped: "portal.step.stopped",
} as const satisfies Record<Exclude<Status, "idle">, string>;

/** Autosave's state in words, announced politely (never interrupting what a screen reader says). */
export function SaveStatus({ status }: { status: Status }) {
  const t = useTranslations();
  return (
    <p
      className={`${styles.saveStatus} ${status === "retrying" || status === "stopped" ? styles.saveProblem : ""}`}
      role="status"
      aria-live="polite"
      data-save-status={status}
    >
      {status === "idle" ? "" : t(TEXT[status])}
    </p>
  );
}
