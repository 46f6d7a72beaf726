"use client";
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { bidi, isolatedOption } from "./bidi";
import { useComponentWords } from "./ComponentWords";
import styles from "./Field.module.css";

/**
 * Form fields of the design system (GOV.UK question pattern): a label (or a legend for a group), an
 * optional hint and error, each tied to the control with aria-describedby, and aria-invalid while
 * there is an error. Ids derive from the control's id, so an error summary can link to `#<id>`.
 * Texts may hold runs the sender wrote, marked by lib/i18n/isolate.ts: each is shown as a <bdi>.
 */
export interface FieldText {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Extra text shown above the control (a reviewer's change request), also described-by. */
  note?: ReactNode;
}

const ids = ({ id, hint, error, note }: FieldText) => ({
  hintId: hint ? `${id}-hint` : undefined,
  errorId: error ? `${id}-error` : undefined,
  noteId: note ? `${id}-note` : undefined,
});

/** aria-describedby and aria-invalid for a control of this field. */
export function describedBy(f: FieldText) {
  const { hintId, errorId, noteId } = ids(f);
  const list = [noteId, hintId, errorId].filter(Boolean).join(" ");
  return { "aria-describedby": list || undefined, "aria-invalid": f.error ? true : undefined } as const;
}

/** The note, hint and error of a field, in that order, each with the id describedBy names. */
export function Messages(f: FieldText) {
  const { errorPrefix } = useComponentWords();
  const { hintId, errorId, noteId } = ids(f);
  return (
    <>
      {f.note && (
        <div id={noteId} className={styles.badge}>
          {bidi(f.note)}
        </div>
      )}
      {f.hint && (
        <div id={hintId} className={styles.hint}>
          {bidi(f.hint)}
        </div>
      )}
      {f.error && (
        <p id={errorId} className={styles.error}>
          <span className="visually-hidden">{errorPrefix} </span>
          {bidi(f.error)}
        </p>
      )}
    </>
  );
}

export const groupClass = (error?: string) => (error ? `${styles.group} ${styles.groupError}` : styles.group);

/** A control with its label above, then hint, error and note, in the group's error styling. */
function LabelledGroup({ f, children }: { f: FieldText; children: ReactNode }) {
  return (
    <div className={groupClass(f.error)}>
      <label className={styles.label} htmlFor={f.id}>
        {bidi(f.label)}
      </label>
      <Messages {...f} />
      {children}
    </div>
  );
}

type Width = "full" | "20" | "10";
const widthClass = (w: Width | undefined) => (w === "10" ? styles.width10 : w === "20" ? styles.width20 : "");

type InputProps = FieldText & Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & { ref?: Ref<HTMLInputElement>; width?: Width };

/** A one-line text input (also type="email", numeric inputmode); a date is DateInput's three boxes. */
export function TextInput({ id, label, hint, error, note, width, className, ...input }: InputProps) {
  const f = { id, label, hint, error, note };
  return (
    <LabelledGroup f={f}>
      <input
        id={id}
        className={`${styles.input} ${widthClass(width)} ${error ? styles.invalid : ""} ${className ?? ""}`}
        {...describedBy(f)}
        {...input}
      />
    </LabelledGroup>
  );
}

/**
 * GOV.UK file upload: the browser's own picker (keyboard and screen readers know it), labelled, with
 * hint and error. The accepted types are a hint to the picker only; the server checks the file again.
 */
export function FileInput({
  id,
  label,
  hint,
  error,
  note,
  className,
  ...input
}: FieldText & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> & { ref?: Ref<HTMLInputElement> }) {
  const f = { id, label, hint, error, note };
  return (
    <LabelledGroup f={f}>
      <input
        type="file"
        id={id}
        className={`${styles.file} ${error ? styles.invalid : ""} ${className ?? ""}`}
        {...describedBy(f)}
        {...input}
      />
    </LabelledGroup>
  );
}

type TextareaProps = FieldText & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & { ref?: Ref<HTMLTextAreaElement> };

export function Textarea({ id, label, hint, error, note, ...textarea }: TextareaProps) {
  const f = { id, label, hint, error, note };
  return (
    <LabelledGroup f={f}>
      <textarea id={id} className={`${styles.textarea} ${error ? styles.invalid : ""}`} rows={5} {...describedBy(f)} {...textarea} />
    </LabelledGroup>
  );
}

type SelectProps = FieldText &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
    ref?: Ref<HTMLSelectElement>;
    options: Array<{ value: string; label: string }>;
    /** The text of the empty first option (its value is ""). */
    emptyLabel?: string;
  };

export function Select({ id, label, hint, error, note, options, emptyLabel, ...select }: SelectProps) {
  const { chooseOption } = useComponentWords();
  const f = { id, label, hint, error, note };
  return (
    <LabelledGroup f={f}>
      <select id={id} className={`${styles.select} ${styles.width20} ${error ? styles.invalid : ""}`} {...describedBy(f)} {...select}>
        <option value="">{emptyLabel ?? chooseOption}</option>
        {options.map((o) => {
          const { text, dir } = isolatedOption(o.label);
          return (
            <option key={o.value} value={o.value} dir={dir}>
              {text}
            </option>
          );
        })}
      </select>
    </LabelledGroup>
  );
}

type ChoiceInput = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> & { ref?: Ref<HTMLInputElement> };

export interface RadioOption {
  value: string;
  label: string;
  /** A line under the option's label (GOV.UK radio item hint), described-by on its radio. */
  hint?: string;
  /** An option that exists but cannot be chosen now; its hint should say why. */
  disabled?: boolean;
}

/**
 * One answer from a few options, as radios in a fieldset. The first radio carries `id`, so that an
 * error summary link lands on the group's first option (GOV.UK does the same).
 */
export function Radios({
  id,
  label,
  hint,
  error,
  note,
  options,
  selected,
  ...input
}: FieldText &
  ChoiceInput & { options: RadioOption[]; /** The chosen option's value, for a controlled group (with onChange). */ selected?: string }) {
  const f = { id, label, hint, error, note };
  return (
    <fieldset className={groupClass(error)} aria-describedby={describedBy(f)["aria-describedby"]}>
      <legend className={styles.legend}>{bidi(label)}</legend>
      <Messages {...f} />
      <div className={styles.choices}>
        {options.map((o, i) => {
          const optionId = i === 0 ? id : `${id}-${i}`;
          const hintId = o.hint ? `${optionId}-item-hint` : undefined;
          return (
            <div className={`${styles.choice} ${o.disabled ? styles.choiceDisabled : ""}`} key={o.value}>
              <input
                type="radio"
                id={optionId}
                value={o.value}
                aria-invalid={error ? true : undefined}
                aria-describedby={hintId}
                {...input}
                checked={selected === undefined ? undefined : selected === o.value}
                disabled={o.disabled || input.disabled}
              />
              <div>
                <label className={styles.choiceLabel} htmlFor={optionId}>
                  {bidi(o.label)}
                </label>
                {o.hint && (
                  <div id={hintId} className={styles.choiceHint}>
                    {bidi(o.hint)}
                  </div>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A yes/no answer as one checkbox; the label is the statement the participant agrees to. */
export function Checkbox({ id, label, hint, error, note, ...input }: FieldText & ChoiceInput) {
  const f = { id, label, hint, error, note };
  return (
    <div className={groupClass(error)}>
      <Messages {...f} />
      <div className={styles.choice}>
        <input type="checkbox" id={id} {...describedBy(f)} {...input} />
        <label className={styles.choiceLabel} htmlFor={id}>
          {bidi(label)}
        </label>
      </div>
    </div>
  );
}
