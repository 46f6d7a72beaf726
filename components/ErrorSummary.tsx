"use client";
import { useEffect, useRef, type MouseEvent } from "react";
import { bidi } from "./bidi";
import { useComponentWords } from "./ComponentWords";
import styles from "./ErrorSummary.module.css";

export interface ErrorItem {
  /** The id of the control to go to. */
  targetId: string;
  /** May hold runs the sender wrote (a field's label), marked by lib/i18n/isolate.ts: each is shown as a <bdi>. */
  message: string;
}

/**
 * GOV.UK error summary: at the top of the page, focused when it appears (so screen readers read it
 * and keyboard users start there), one link per problem that moves focus to the control. `onSelect`
 * replaces the default jump when going there needs more (another step of the form).
 */
export function ErrorSummary({
  errors,
  title,
  onSelect,
  focusKey,
}: {
  errors: ErrorItem[];
  title?: string;
  onSelect?: (item: ErrorItem) => void;
  focusKey?: unknown;
}) {
  const words = useComponentWords();
  const ref = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  // Focus again on each failed attempt (focusKey changes), not on every re-render.
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [focusKey, shown]);
  if (!errors.length) return null;
  const go = (e: MouseEvent, item: ErrorItem) => {
    e.preventDefault();
    if (onSelect) return onSelect(item);
    focusControl(item.targetId);
  };
  return (
    <div className={styles.summary} ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 className={styles.title} id="error-summary-title">
        {title ?? words.errorSummaryTitle}
      </h2>
      <ul className={styles.list}>
        {errors.map((item, i) => (
          <li key={`${item.targetId}-${i}`}>
            <a href={`#${item.targetId}`} onClick={(e) => go(e, item)}>
              {bidi(item.message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Focuses a control and scrolls its label (or its group's legend) into view, not just the control.
 * An id of a group of boxes (DateInput's Day, Month, Year) focuses its first box marked wrong, else its first box.
 */
export function focusControl(id: string): boolean {
  const found = document.getElementById(id);
  if (!found) return false;
  const el = found.matches("input, select, textarea, button")
    ? found
    : (found.querySelector<HTMLElement>('[aria-invalid="true"]') ?? found.querySelector<HTMLElement>("input, select, textarea") ?? found);
  el.focus({ preventScroll: true });
  const group = el.closest("fieldset") ?? el.closest("div");
  (group ?? el).scrollIntoView({ block: "start" });
  return true;
}
