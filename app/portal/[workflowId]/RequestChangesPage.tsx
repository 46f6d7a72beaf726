"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useFieldArray, useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary, type ErrorItem } from "@/components/ErrorSummary";
import { DateInput } from "@/components/DateInput";
import { Radios, Select, Textarea, TextInput } from "@/components/Field";
import { Caption } from "@/components/PageShell";
import { exampleDate } from "@/lib/date-parts";
import type { Translator } from "@/lib/i18n/translator";
import {
  changeRequestForm,
  emptyChange,
  MAX_CHANGES,
  toRequestChangesBody,
  type ChangeDraft,
  type ChangeFormWords,
} from "@/lib/workflow/approval/review-form";
import { labelOf, type Bootstrap } from "./bootstrap";
import { isolate } from "@/lib/i18n/isolate";
import { type ApiAnswer, isTokenProblem, type PortalApi } from "./portal-api";
import { failureWords, missingParts } from "./portal-words";
import styles from "./review.module.css";
import { useHeadingFocus } from "./use-heading-focus";

type Form = { changes: ChangeDraft[] };
type Key = keyof ChangeDraft;
const KEYS: Key[] = ["fieldKey", "message", "severity", "category", "dueDate"];

// The hints quote how the participant's page introduces the request (StepPage's change notes).
const SEVERITIES = [
  { value: "error", label: "portal.changes.mustChange", hint: "portal.changes.seesError" },
  { value: "warning", label: "portal.changes.shouldCheck", hint: "portal.changes.seesWarning" },
  { value: "info", label: "portal.changes.forInformation", hint: "portal.changes.seesInfo" },
] as const;

/** What a refused field means, in the form's own words (the page checks the same rules first, so these are rare). */
const SERVER_WORDS = {
  fieldKey: "portal.changes.chooseQuestion",
  message: "portal.changes.messageRefused",
  severity: "portal.changes.chooseImportance",
  category: "portal.changes.categoryTooLong",
  dueDate: "portal.changes.dueReal",
} as const satisfies Record<Key, string>;

/** The form's messages in the page's language. */
const formWords = (t: Translator): ChangeFormWords => ({
  chooseQuestion: t("portal.changes.chooseQuestion"),
  enterMessage: t("portal.changes.enterMessage"),
  messageTooLong: t("portal.changes.messageTooLong"),
  chooseImportance: t("portal.changes.chooseImportance"),
  categoryTooLong: t("portal.changes.categoryTooLong"),
  dueDate: (p) =>
    p.kind === "missing"
      ? t("portal.changes.dueMissing", { missing: missingParts(p) })
      : p.kind === "year"
        ? t("portal.changes.dueYear")
        : t("portal.changes.dueReal"),
  atLeastOne: t("portal.changes.atLeastOne"),
  tooMany: t("portal.changes.tooMany", { max: MAX_CHANGES }),
});

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
  const t = useTranslations();
  const heading = useHeadingFocus();
  const keys = useMemo(() => new Set(boot.steps.flatMap((s) => s.fields.map((f) => f.key))), [boot.steps]);
  const options = useMemo(
    () =>
      boot.steps.flatMap((s) =>
        s.fields.map((f) => ({
          value: f.key,
          label: t("portal.changes.questionOption", { step: isolate(s.title), question: isolate(labelOf(f)) }),
        })),
      ),
    [boot.steps, t],
  );
  const form = useForm<Form>({
    defaultValues: { changes: [emptyChange(fieldKey && keys.has(fieldKey) ? fieldKey : "")] },
    resolver: zodResolver(changeRequestForm(keys, formWords(t))) as unknown as Resolver<Form>,
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
      return message
        ? [{ targetId: controlId(i, key), message: fields.length > 1 ? t("portal.changes.numbered", { number: i + 1, message }) : message }]
        : [];
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
        setError(`changes.${Number(m[1])}.${m[2] as Key}`, { message: t(SERVER_WORDS[m[2] as Key]) });
        named++;
      }
    }
    if (!named) setProblem(failureWords(t, a, t("portal.changes.failed")));
    setAttempt((n) => n + 1);
  };

  return (
    <>
      <p>
        <Button variant="link" onClick={onBack}>
          {t("portal.step.back")}
        </Button>
      </p>
      <ErrorSummary errors={problem ? [...summary, { targetId: "send-changes", message: problem }] : summary} focusKey={attempt} />
      <Caption>
        <bdi>{boot.workflow.title}</bdi>
      </Caption>
      <h1 tabIndex={-1} ref={heading}>
        {t("portal.review.titleChanges")}
      </h1>
      <p>{t("portal.changes.intro")}</p>
      <form noValidate onSubmit={handleSubmit(send, () => setAttempt((n) => n + 1))}>
        {fields.map((item, i) => {
          const err = (key: Key) => errorOf(formState.errors, i, key);
          return (
            <div key={item.id} className={styles.change} role="group" aria-labelledby={`change-${i}-title`}>
              <h2 id={`change-${i}-title`}>{t("portal.changes.changeNumber", { number: i + 1 })}</h2>
              <Select
                id={controlId(i, "fieldKey")}
                label={t("portal.changes.which")}
                emptyLabel={t("portal.changes.whole")}
                options={options}
                error={err("fieldKey")}
                {...register(`changes.${i}.fieldKey`)}
              />
              <Textarea
                id={controlId(i, "message")}
                label={t("portal.changes.what")}
                hint={t("portal.changes.whatHint")}
                error={err("message")}
                {...register(`changes.${i}.message`)}
              />
              <Radios
                id={controlId(i, "severity")}
                label={t("portal.changes.importance")}
                options={SEVERITIES.map(({ value, label, hint }) => ({ value, label: t(label), hint: t(hint) }))}
                error={err("severity")}
                {...register(`changes.${i}.severity`)}
              />
              <TextInput
                id={controlId(i, "category")}
                label={t("portal.changes.category")}
                hint={t("portal.changes.categoryHint")}
                width="20"
                error={err("category")}
                {...register(`changes.${i}.category`)}
              />
              <DateInput
                id={controlId(i, "dueDate")}
                label={t("portal.changes.due")}
                hint={t("portal.hint.dateExample", exampleDate())}
                error={err("dueDate")}
                control={control}
                name={`changes.${i}.dueDate`}
              />
              {fields.length > 1 && (
                <Button variant="link" onClick={() => remove(i)}>
                  {t("portal.changes.remove", { number: i + 1 })}
                </Button>
              )}
            </div>
          );
        })}
        {fields.length < MAX_CHANGES && (
          <ButtonGroup>
            <Button variant="secondary" onClick={() => append(emptyChange())}>
              {t("portal.changes.addAnother")}
            </Button>
          </ButtonGroup>
        )}
        <ButtonGroup>
          <Button type="submit" id="send-changes" disabled={busy}>
            {t("portal.changes.send")}
          </Button>
          <Button variant="link" onClick={onBack}>
            {t("portal.changes.cancel")}
          </Button>
        </ButtonGroup>
      </form>
    </>
  );
}
