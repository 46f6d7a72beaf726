import type { MouseEvent, ReactNode } from "react";
import { bidi } from "./bidi";
import styles from "./SummaryList.module.css";

export interface SummaryRow {
  key: string;
  label: ReactNode;
  /** The answer as text; null when there is none. */
  value: string | null;
  /** The row's action link; `text` defaults to "Change". */
  change?: { href: string; onClick?: (e: MouseEvent<HTMLAnchorElement>) => void; text?: string };
  /** Shown under the answer (a status tag, a previous value). */
  extra?: ReactNode;
}

/**
 * GOV.UK summary list (check your answers): question, answer, and an action link ("Change") named for
 * screen readers. `words`: the page's own for an answer not given and the link, English by default.
 * Labels and answers may hold runs marked by lib/i18n/isolate.ts (a template's question, a typed
 * answer): each is shown as a <bdi>.
 */
export function SummaryList({
  rows,
  words = { notAnswered: "Not answered", change: "Change" },
}: {
  rows: SummaryRow[];
  words?: { notAnswered: string; change: string };
}) {
  return (
    <dl className={styles.list}>
      {rows.map((r) => (
        <div className={styles.row} key={r.key}>
          <dt className={styles.key}>{bidi(r.label)}</dt>
          <dd className={styles.value}>
            <span className={r.value === null ? styles.empty : undefined}>{bidi(r.value ?? words.notAnswered)}</span>
            {r.extra && <div className={styles.extra}>{r.extra}</div>}
          </dd>
          {r.change && (
            <dd className={styles.action}>
              <a href={r.change.href} onClick={r.change.onClick}>
                {r.change.text ?? words.change}
                <span className="visually-hidden"> {bidi(r.label)}</span>
              </a>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
