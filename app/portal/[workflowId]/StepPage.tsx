"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary, focusControl, type ErrorItem } from "@/components/ErrorSummary";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { StepIndicator } from "@/components/StepIndicator";
import { apiValueOf, formValueOf, savableValues, stepFormSchema, type FormValues } from "@/lib/workflow/validation/form-rules";
import type { ValidationResult } from "@/lib/workflow/validation/validation-result";
import { fieldId, type Bootstrap, type ChangeRequest } from "./bootstrap";
import { clearDraft, readDraft, writeDraft } from "./draft-store";
import { FieldControl } from "./FieldControl";
import type { Translator } from "@/lib/i18n/translator";
import { isTokenProblem, type ApiAnswer, type PortalApi } from "./portal-api";
import { fieldWords, resultWords } from "./portal-words";
import { dayOf } from "@/lib/date-parts";
import { isolate } from "@/lib/i18n/isolate";
import { bidi } from "@/components/bidi";
import { SaveStatus } from "./SaveStatus";
import { useAutosave, type SaveOutcome } from "./use-autosave";

interface StepEntity {
  data: Record<string, unknown>;
  version: number;
}

export interface StepPageProps {
  api: PortalApi;
  boot: Bootstrap;
  stepIndex: number;
  /** The workflow's data version, shared by every step: sent with each PATCH. */
  versionRef: RefObject<number>;
  /** A field to focus on arrival (a "Change" or error link); else the heading. */
  focusField?: string;
  /** Failed results of the last final validation on this step's fields. */
  serverErrors: ValidationResult[];
  changeRequests: ChangeRequest[];
  onSaved: (stepIndex: number, data: Record<string, unknown>, changedKeys: string[]) => void;
  onContinue: () => Promise<void>;
  onBack?: () => void;
  /** Reload the session from the server (another tab wrote, or the state changed). */
  onReload: () => void;
  onTokenProblem: (a: ApiAnswer<unknown> & { ok: false }) => void;
}

/** How a change request reads next to its field, by the severity the reviewer chose (the reviewer's form quotes these). */
function noteWords(t: Translator, c: ChangeRequest): string {
  const due = dayOf(c.dueDate);
  const message = isolate(c.message);
  if (c.severity === "warning") return due ? t("portal.step.noteWarningDue", { message, due }) : t("portal.step.noteWarning", { message });
  if (c.severity === "info") return due ? t("portal.step.noteInfoDue", { message, due }) : t("portal.step.noteInfo", { message });
  return due ? t("portal.step.noteErrorDue", { message, due }) : t("portal.step.noteError", { message });
}

/** A change request about the whole submission, with its due date when it has one. */
export function requestWords(t: Translator, c: ChangeRequest): string {
  const due = dayOf(c.dueDate);
  const message = isolate(c.message);
  return due ? t("portal.step.requestDue", { message, due }) : message;
}

/** One step of the form (GOV.UK question page): fields, autosave while typing, Continue. */
export function StepPage(p: StepPageProps) {
  const t = useTranslations();
  const locale = useLocale();
  const { api, boot, stepIndex } = p;
  const step = boot.steps[stepIndex];
  const workflowId = boot.workflow.workflowId;
  const schema = useMemo(
    () => stepFormSchema(step.fields, boot.rules, fieldWords(t, locale), locale),
    [step.fields, boot.rules, t, locale],
  );
  const savedJson = useRef<Record<string, string>>(
    Object.fromEntries(step.fields.map((f) => [f.key, JSON.stringify(step.data[f.key] ?? null)])),
  );
  const draft = useMemo(() => readDraft(workflowId, stepIndex), [workflowId, stepIndex]);
  const defaultValues = useMemo(
    () => Object.fromEntries(step.fields.map((f) => [f.key, draft?.[f.key] ?? formValueOf(f, step.data[f.key], locale)])) as FormValues,
    [step, draft, locale],
  );
  const form = useForm<FormValues>({
    defaultValues,
    resolver: zodResolver(schema) as unknown as Resolver<FormValues>,
    shouldFocusError: false,
  });
  const { register, control, handleSubmit, getValues, watch, formState } = form;
  const [stale, setStale] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  /**
   * The draft holds only what was typed here and is not saved as typed: loading the latest answers
   * after another tab wrote puts back this tab's typing, never its stale copy of the other fields.
   */
  const keepDraft = useCallback(
    (values: FormValues) => {
      const typed = Object.fromEntries(
        step.fields
          .filter((f) => f.key in values && JSON.stringify(apiValueOf(f, values[f.key], locale)) !== savedJson.current[f.key])
          .map((f) => [f.key, values[f.key]]),
      );
      if (Object.keys(typed).length) writeDraft(workflowId, stepIndex, typed);
      else clearDraft(workflowId, stepIndex);
    },
    [step.fields, workflowId, stepIndex, locale],
  );

  const saveNow = useCallback(async (): Promise<SaveOutcome> => {
    const { save } = savableValues(step.fields, getValues(), locale);
    const changed = Object.fromEntries(Object.entries(save).filter(([k, v]) => JSON.stringify(v) !== savedJson.current[k]));
    if (Object.keys(changed).length === 0) {
      keepDraft(getValues());
      return "saved";
    }
    const a = await api.call<StepEntity>("PATCH", `/step/${stepIndex}`, { data: changed, version: p.versionRef.current });
    if (a.ok) {
      p.versionRef.current = a.body.version;
      for (const [k, v] of Object.entries(changed)) savedJson.current[k] = JSON.stringify(v);
      setSaveError(null);
      p.onSaved(stepIndex, a.body.data, Object.keys(changed));
      keepDraft(getValues());
      return "saved";
    }
    if (a.code === "workflow.stale_version") return (setStale(true), "stop");
    if (isTokenProblem(a)) return (p.onTokenProblem(a), "stop");
    if (a.status === 0 || a.status === 429 || a.status >= 500) return "retry";
    if (a.code === "workflow.invalid_state" || a.code === "workflow.step_not_reached") return (p.onReload(), "stop");
    setSaveError(t("portal.step.saveFailed"));
    return "stop";
  }, [api, getValues, keepDraft, locale, p, step.fields, stepIndex, t]);

  const { status: saveStatus, schedule, flush } = useAutosave(saveNow);

  useEffect(() => {
    const sub = watch((values) => {
      keepDraft(values as FormValues);
      schedule();
    });
    return () => sub.unsubscribe();
  }, [watch, schedule, keepDraft]);

  // Input kept from before (a reload, an expired link, another tab's write) is saved once more.
  useEffect(() => {
    if (draft) schedule();
  }, [draft, schedule]);

  // Focus on arrival only (the component is keyed by step): a later re-render must not move it.
  const arrivalFocus = useRef(p.focusField);
  useEffect(() => {
    if (arrivalFocus.current && focusControl(fieldId(arrivalFocus.current))) return;
    // Arriving with the last validation's errors: the error summary has taken focus; keep it there.
    if (document.activeElement?.closest('[role="alert"]')) return;
    headingRef.current?.focus();
  }, []);

  const dirty = formState.dirtyFields as Record<string, boolean | undefined>;
  const serverError = (key: string) => {
    const r = dirty[key] ? undefined : p.serverErrors.find((e) => e.fieldKey === key);
    return r && resultWords(t, boot, r, locale);
  };
  const errorOf = (key: string) => formState.errors[key]?.message ?? serverError(key);
  const summary: ErrorItem[] = step.fields.flatMap((f) => {
    const message = errorOf(f.key);
    return message ? [{ targetId: fieldId(f.key), message }] : [];
  });

  const onValid = async () => {
    setBusy(true);
    try {
      if (await flush()) await p.onContinue();
    } finally {
      setBusy(false);
    }
  };

  const last = stepIndex === boot.steps.length - 1;
  const fieldNotes = (key: string) =>
    p.changeRequests
      .filter((c) => c.fieldKey === key)
      .map((c) => noteWords(t, c))
      .join(" ");
  const general = p.changeRequests.filter((c) => !c.fieldKey || !boot.steps.some((s) => s.fields.some((f) => f.key === c.fieldKey)));

  return (
    <>
      {p.onBack && (
        <p>
          <Button variant="link" onClick={p.onBack}>
            {t("portal.step.back")}
          </Button>
        </p>
      )}
      <StepIndicator steps={boot.steps.map((s) => s.title)} current={stepIndex} />
      <ErrorSummary errors={summary} focusKey={attempt} />
      {stale && (
        <NotificationBanner variant="warning" title={t("portal.step.staleTitle")} heading={t("portal.step.staleHeading")}>
          <p>{t("portal.step.staleBody")}</p>
          <Button variant="secondary" onClick={p.onReload}>
            {t("portal.step.staleButton")}
          </Button>
        </NotificationBanner>
      )}
      {general.length > 0 && (
        <NotificationBanner title={t("portal.step.changesTitle")} heading={t("portal.step.changesHeading")}>
          <ul>
            {general.map((c, i) => (
              <li key={i}>{bidi(requestWords(t, c))}</li>
            ))}
          </ul>
        </NotificationBanner>
      )}
      {/* The template's words, each in its own direction (in Arabic, "Where did you go?" keeps its "?" at the end). */}
      <Caption>
        <bdi>{boot.workflow.title}</bdi>
      </Caption>
      <h1 tabIndex={-1} ref={headingRef}>
        <bdi>{step.title}</bdi>
      </h1>
      {step.description && (
        <p>
          <bdi>{step.description}</bdi>
        </p>
      )}
      <form noValidate onSubmit={handleSubmit(onValid, () => setAttempt((n) => n + 1))}>
        {step.fields.map((f) => (
          <FieldControl
            key={f.key}
            field={f}
            locale={locale}
            register={register}
            control={control}
            error={errorOf(f.key)}
            note={fieldNotes(f.key) || undefined}
          />
        ))}
        <SaveStatus status={saveStatus} />
        {saveError && <p role="alert">{saveError}</p>}
        <ButtonGroup>
          <Button type="submit" disabled={busy}>
            {last ? t("portal.step.continueToCheck") : t("portal.step.continue")}
          </Button>
        </ButtonGroup>
      </form>
    </>
  );
}
