"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useFieldArray, useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary, type ErrorItem } from "@/components/ErrorSummary";
import { DateInput } from "@/components/DateInput";
import { Radios, Select, Textarea, TextInput } from "@/components/Field";
import { Caption } from "@/components/PageShell";
import { dateExample } from "@/lib/date-parts";
import {
  changeRequestForm,
  DUE_DATE,
  emptyChange,
  MAX_CHANGES,
  toRequestChangesBody,
  type ChangeDraft,
} from "@/lib/workflow/approval/review-form";
import { labelOf, type Bootstrap } from "./bootstrap";
import { type ApiAnswer, failureText, isTokenProblem, type PortalApi } from "./portal-api";
import styles from "./review.module.css";
import { notePrefix } from "./StepPage";
import { useHeadingFocus } from "./use-heading-focus";

type Form = { changes: ChangeDraft[] };
type Key = keyof ChangeDraft;
const KEYS: Key[] = ["fieldKey", "message", "severity", "category", "dueDate"];

// The hints quote how the participant's page introduces the request (StepPage's notePrefix).
const SEVERITIES = (["error", "warning", "info"] as const).map((value) => ({
  value,
  label: { error: "Must be changed", warning: "Should be checked", info: "For information only" }[value],
  hint: `The participant sees “${notePrefix(value)}”`,
}));

/** What a refused field means, in the form's own words (the page checks the same rules first, so these are rare). */
const SERVER_WORDS: Record<Key, string> = {
  fieldKey: "Choose a question from the list",
  message: "Enter what needs to change, in 2,000 characters or fewer",
  severity: "Choose how important the change is",
  category: "The category must be 100 characters or fewer",
  dueDate: `${DUE_DATE} must be a real date`,
};

const controlId = (i: number, key: Key) => `change-${i}-${key}`;

/**
 * Ask the participant for changes: one or more requests, each about a question (or the whole
 * submission), with a message, how important it is, an optional category and due date. Sent as one
 * POST request-changes; the participant is mailed and sees each request next to its question.
 */
export function RequestChangesPage({
  api,
  boot,
  fieldKey,
  onBack,
  onDone,
  onConflict,
  onTokenProblem,
}: {
  api: PortalApi;
  boot: Bootstrap;
  /** A question chosen from its "Ask for a change" link. */
  fieldKey?: string;
  onBack: () => void;
  onDone: () => void;
  onConflict: () => void;
  onTokenProblem: (a: ApiAnswer<unknown> & { ok: false }) => void;
}) {
  const heading = useHeadingFocus();
  const keys = useMemo(() => new Set(boot.steps.flatMap((s) => s.fields.map((f) => f.key))), [boot.steps]);
  const options = useMemo(
    () => boot.steps.flatMap((s) => s.fields.map((f) => ({ value: f.key, label: `${s.title}: ${labelOf(f)}` }))),
    [boot.steps],
  );
  const form = useForm<Form>({
    defaultValues: { changes: [emptyChange(fieldKey && keys.has(fieldKey) ? fieldKey : "")] },
    resolver: zodResolver(changeRequestForm(keys)) as unknown as Resolver<Form>,
    shouldFocusError: false,
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "changes" });
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const errorOf = (errors: FieldErrors<Form>, i: number, key: Key) => errors.changes?.[i]?.[key]?.message;
  const summary: ErrorItem[] = fields.flatMap((_, i) =>
    KEYS.flatMap((key) => {
      const message = errorOf(formState.errors, i, key);
      return message ? [{ targetId: controlId(i, key), message: fields.length > 1 ? `Change ${i + 1}: ${message}` : message }] : [];
    }),
  );

  const send = async (values: Form) => {
    setBusy(true);
    setProblem(null);
    const a = await api.call("POST", "/request-changes", toRequestChangesBody(values));
    setBusy(false);
    if (a.ok) return onDone();
    if (isTokenProblem(a)) return onTokenProblem(a);
    if (a.code === "workflow.invalid_state") return onConflict();
    const refused = Array.isArray(a.body.errors) ? (a.body.errors as Array<{ path?: unknown }>) : [];
    let named = 0;
    for (const e of refused) {
      const m = typeof e.path === "string" ? /^changes\.(\d+)\.(\w+)$/.exec(e.path) : null;
      if (m && KEYS.includes(m[2] as Key) && Number(m[1]) < fields.length) {
        setError(`changes.${Number(m[1])}.${m[2] as Key}`, { message: SERVER_WORDS[m[2] as Key] });
        named++;
      }
    }
    if (!named) setProblem(failureText(a, "Your requests could not be sent. Try again in a few minutes."));
    setAttempt((n) => n + 1);
  };

  return (
    <>
      <p>
        <Button variant="link" onClick={onBack}>
          Back
        </Button>
      </p>
      <ErrorSummary errors={problem ? [...summary, { targetId: "send-changes", message: problem }] : summary} focusKey={attempt} />
      <Caption>{boot.workflow.title}</Caption>
      <h1 tabIndex={-1} ref={heading}>
        Ask for changes
      </h1>
      <p>
        Say what the participant needs to change. They get an email, and each request is shown next to its question when they open the form.
      </p>
      <form noValidate onSubmit={handleSubmit(send, () => setAttempt((n) => n + 1))}>
        {fields.map((item, i) => {
          const err = (key: Key) => errorOf(formState.errors, i, key);
          return (
            <div key={item.id} className={styles.change} role="group" aria-labelledby={`change-${i}-title`}>
              <h2 id={`change-${i}-title`}>Change {i + 1}</h2>
              <Select
                id={controlId(i, "fieldKey")}
                label="Which question is it about?"
                emptyLabel="The whole submission"
                options={options}
                error={err("fieldKey")}
                {...register(`changes.${i}.fieldKey`)}
              />
              <Textarea
                id={controlId(i, "message")}
                label="What needs to change"
                hint="The participant reads this next to the question"
                error={err("message")}
                {...register(`changes.${i}.message`)}
              />
              <Radios
                id={controlId(i, "severity")}
                label="How important is it?"
                options={SEVERITIES}
                error={err("severity")}
                {...register(`changes.${i}.severity`)}
              />
              <TextInput
                id={controlId(i, "category")}
                label="Category (optional)"
                hint="For example: documents, dates, amounts"
                width="20"
                error={err("category")}
                {...register(`changes.${i}.category`)}
              />
              <DateInput
                id={controlId(i, "dueDate")}
                label="Change it by (optional)"
                hint={dateExample()}
                error={err("dueDate")}
                control={control}
                name={`changes.${i}.dueDate`}
              />
              {fields.length > 1 && (
                <Button variant="link" onClick={() => remove(i)}>
                  Remove change {i + 1}
                </Button>
              )}
            </div>
          );
        })}
        {fields.length < MAX_CHANGES && (
          <ButtonGroup>
            <Button variant="secondary" onClick={() => append(emptyChange())}>
              Add another change
            </Button>
          </ButtonGroup>
        )}
        <ButtonGroup>
          <Button type="submit" id="send-changes" disabled={busy}>
            Send to the participant
          </Button>
          <Button variant="link" onClick={onBack}>
            Cancel
          </Button>
        </ButtonGroup>
      </form>
    </>
  );
}
