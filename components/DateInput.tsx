"use client";
import { useState } from "react";
import { useController, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { DATE_PARTS, dateProblem, joinDate, splitDate, type DatePart, type DateParts } from "@/lib/date-parts";
import { bidi } from "./bidi";
import { useComponentWords } from "./ComponentWords";
import { describedBy, groupClass, Messages, type FieldText } from "./Field";
import styles from "./Field.module.css";

type DateInputProps<T extends FieldValues> = FieldText & {
  control: Control<T>;
  name: FieldPath<T>;
  /** A date of birth, which the browser may fill in; any other date is for the person to type. */
  birthDate?: boolean;
};

/**
 * A date as the GOV.UK date input asks it: a fieldset whose legend is the question, then hint and
 * error (described-by on the fieldset), then Day, Month and Year boxes. The form's value stays one
 * text, "YYYY-MM-DD" or "" (lib/date-parts), so schemas, autosave and drafts see what they saw
 * before; the boxes follow it when it is set from elsewhere (a saved answer, a draft, a reset).
 *
 * `id` is on the boxes' container; each box has `<id>-day|month|year`, and focusControl(id) goes to
 * the first box marked wrong, so the error summary and "Change" links need not know the parts.
 */
export function DateInput<T extends FieldValues>({ control, name, birthDate, ...f }: DateInputProps<T>) {
  const { dateParts } = useComponentWords();
  const { field } = useController({ control, name });
  const value = typeof field.value === "string" ? field.value : "";
  const [typed, setTyped] = useState<DateParts>(() => splitDate(value));
  // What was typed is shown as typed ("03") while it still makes the value; a value set from
  // elsewhere replaces it. Derived while rendering: no effect, no flash of the old parts.
  const parts = joinDate(typed) === value ? typed : splitDate(value);
  // An error about the date as a whole (required, a limit, a rule) marks all three boxes.
  const wrong: readonly DatePart[] = f.error ? (dateProblem(value)?.parts ?? DATE_PARTS) : [];
  const change = (part: DatePart, text: string) => {
    const next = { ...parts, [part]: text };
    setTyped(next);
    field.onChange(joinDate(next));
  };
  return (
    <fieldset className={groupClass(f.error)} aria-describedby={describedBy(f)["aria-describedby"]}>
      <legend className={styles.legend}>{bidi(f.label)}</legend>
      <Messages {...f} />
      <div className={styles.dateInput} id={f.id}>
        {DATE_PARTS.map((part, i) => (
          <div className={styles.dateItem} key={part}>
            <label className={styles.dateLabel} htmlFor={`${f.id}-${part}`}>
              {dateParts[part]}
            </label>
            <input
              id={`${f.id}-${part}`}
              name={`${field.name}-${part}`}
              // react-hook-form focuses the first box (setFocus) and reads disabled from it.
              ref={i === 0 ? field.ref : undefined}
              type="text"
              inputMode="numeric"
              autoComplete={birthDate ? `bday-${part}` : "off"}
              spellCheck={false}
              className={`${styles.input} ${part === "year" ? styles.width4 : styles.width2} ${wrong.includes(part) ? styles.invalid : ""}`}
              aria-invalid={wrong.includes(part) || undefined}
              value={parts[part]}
              disabled={field.disabled}
              onChange={(e) => change(part, e.target.value)}
              onBlur={field.onBlur}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
