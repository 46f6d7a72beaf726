"use client";
import { useComponentWords } from "./ComponentWords";
import styles from "./StepIndicator.module.css";

/**
 * USWDS step indicator: one segment per step (labels hidden on narrow screens, where the counter
 * says it all) and "Step 2 of 4" with the current step's name. `current` is 0-based; a value equal
 * to the number of steps means every step is done (the check-answers page).
 */
export function StepIndicator({ steps, current }: { steps: string[]; current: number }) {
  const words = useComponentWords();
  const status = (i: number) =>
    i < current ? words.stepStatus.completed : i === current ? words.stepStatus.current : words.stepStatus.notCompleted;
  return (
    <div className={styles.indicator}>
      <ol className={styles.segments}>
        {steps.map((title, i) => (
          <li
            key={i}
            className={`${styles.segment} ${i < current ? styles.complete : i === current ? styles.current : ""}`}
            aria-current={i === current ? "step" : undefined}
          >
            <span className={styles.label}>
              <bdi>{title}</bdi> <span className="visually-hidden">{status(i)}</span>
            </span>
          </li>
        ))}
      </ol>
      {current < steps.length && (
        <p className={styles.heading}>
          <span className={styles.counter}>{words.stepCounter(current + 1, steps.length)}</span>
          {/* The template's title, isolated: in a page right to left, an English title would otherwise take the counter's last number into its own run ("2Your trip"). */}
          <bdi>{steps[current]}</bdi>
        </p>
      )}
    </div>
  );
}
