import type { MouseEvent, ReactNode } from "react";
import styles from "./SummaryList.module.css";

export interface SummaryRow {
  key: string;
  label: ReactNode;
  /** The answer as text; null when there is none. */
  value: string | null;
  change?: { href: string; onClick?: (e: MouseEvent<HTMLAnchorElement>) => void };
}

/** GOV.UK summary list (check your answers): question, answer, and a "Change" link named for screen readers. */
export function SummaryList({ rows }: { rows: SummaryRow[] }) {
  return (
    <dl className={styles.list}>
      {rows.map((r) => (
        <div className={styles.row} key={r.key}>
          <dt className={styles.key}>{r.label}</dt>
          <dd className={`${styles.value} ${r.value === null ? styles.empty : ""}`}>{r.value ?? "Not answered"}</dd>
          {r.change && (
            <dd className={styles.action}>
              <a href={r.change.href} onClick={r.change.onClick}>
                Change<span className="visually-hidden"> {r.label}</span>
              </a>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
