import styles from "./ProgressBar.module.css";
import { plural } from "@/lib/plural";

/**
 * How far a piece of work has gone: a bar with the figures written beside it (the bar alone says
 * nothing to a screen reader). `words`: the page's own figures from the percentage, English by default.
 */
export function ProgressBar({
  value,
  max,
  label,
  failed = 0,
  words = englishFigures,
}: {
  value: number;
  max: number;
  label: string;
  failed?: number;
  words?: (figures: ProgressFigures) => string;
}) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  const text = words({ value, max, percent, failed });
  return (
    <div className={styles.wrap}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={text}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <span className={styles.text}>{text}</span>
    </div>
  );
}

export interface ProgressFigures {
  value: number;
  max: number;
  /** A whole number from 0 to 100. */
  percent: number;
  failed: number;
}

const englishFigures = ({ value, max, percent, failed }: ProgressFigures) =>
  `${value.toLocaleString("en-GB")} of ${plural(max, "document")} (${percent}%)${failed ? `, ${failed.toLocaleString("en-GB")} failed` : ""}`;
