import type { SaveStatus as Status } from "./use-autosave";
import styles from "./portal.module.css";

const TEXT: Record<Status, string> = {
  idle: "",
  pending: "Saving…",
  saving: "Saving…",
  saved: "Saved",
  retrying: "Not saved — retrying",
  stopped: "Not saved",
};

/** Autosave's state in words, announced politely (never interrupting what a screen reader says). */
export const SaveStatus = ({ status }: { status: Status }) => (
  <p
    className={`${styles.saveStatus} ${status === "retrying" || status === "stopped" ? styles.saveProblem : ""}`}
    role="status"
    aria-live="polite"
    data-save-status={status}
  >
    {TEXT[status]}
  </p>
);
