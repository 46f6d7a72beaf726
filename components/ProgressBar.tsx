import styles from "./ProgressBar.module.css";
import { plural } from "@/lib/plural";

/** How far a piece of work has gone: a bar with the figures written beside it (the bar alone says nothing to a screen reader). */
export function ProgressBar({ value, max, label, failed = 0 }: { value: number; max: number; label: string; failed?: number }) {
  const pct = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  const text = `${value.toLocaleString("en-GB")} of ${plural(max, "document")} (${pct}%)${failed ? `, ${failed.toLocaleString("en-GB")} failed` : ""}`;
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
        <div className={styles.fill} style={{ width: `${pct}%` }} />
      </div>
      <span className={styles.text}>{text}</span>
    </div>
  );
}
