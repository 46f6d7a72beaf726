"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState, useTransition, type FormEvent } from "react";
import { bidi } from "@/components/bidi";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary } from "@/components/ErrorSummary";
import { FileInput, Radios, Textarea } from "@/components/Field";
import { Caption } from "@/components/PageShell";
import { StepIndicator } from "@/components/StepIndicator";
import { SummaryList } from "@/components/SummaryList";
import type { SendThresholds } from "@/lib/batch/send-thresholds";
import type { BatchPreview } from "@/lib/console/new-batch";
import { FILE_ID, inputProblem, RECORDS_FILE_TYPES, RECORDS_MAX_MEGABYTES, TEXT_ID, type InputError } from "@/lib/console/records-input";
import { isolate } from "@/lib/i18n/isolate";
import { previewBatchAction, sendBatchAction } from "./actions";
import { CheckStep, SEND_ID } from "./CheckStep";
import { intakeCountsText } from "../batch-words";
import { newBatchRefusalText } from "./new-batch-words";

export interface TemplateChoice {
  path: string;
  title: string;
  fields: Array<{ key: string; label: string; required: boolean }>;
}

type Step = "template" | "records" | "check" | "confirm";
const STEP_INDEX: Record<Step, number> = { template: 0, records: 1, check: 2, confirm: 3 };

/**
 * The steps of a new batch on one page: the records (a File, or pasted text) stay in the browser
 * between the steps and are posted again with each one, so that the server reads and checks exactly
 * what is sent; nothing is stored before the send. Each step moves focus to its heading.
 */
export function NewBatchForm({
  templates,
  thresholds,
  initialTemplate,
}: {
  templates: TemplateChoice[];
  thresholds: SendThresholds;
  initialTemplate?: string;
}) {
  const t = useTranslations();
  const format = useFormatter();
  const [step, setStep] = useState<Step>(initialTemplate ? "records" : "template");
  const [templatePath, setTemplatePath] = useState(initialTemplate ?? "");
  // The records are read and sent by script: until it runs, its buttons do nothing, so they are disabled.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<InputError[]>([]);
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [pending, startTransition] = useTransition();
  const heading = useRef<HTMLHeadingElement>(null);
  const arrived = useRef(false);
  const template = templates.find((c) => c.path === templatePath);
  const size = format.number(RECORDS_MAX_MEGABYTES, { style: "unit", unit: "megabyte" });
  const errorItems = errors.map((e) => ({ targetId: e.targetId, message: newBatchRefusalText(t, e.refusal, size) }));
  const errorFor = (id: string) => errorItems.find((e) => e.targetId === id)?.message;

  useEffect(() => {
    // Not on arrival: the page's own load puts the reader at its top.
    if (arrived.current) heading.current?.focus();
    arrived.current = true;
  }, [step]);

  const go = (next: Step) => {
    setErrors([]);
    setStep(next);
  };

  const form = (extra: Record<string, string> = {}) => {
    const data = new FormData();
    data.set("template", templatePath);
    if (file) data.set(FILE_ID, file);
    data.set(TEXT_ID, text);
    for (const [k, v] of Object.entries(extra)) data.set(k, v);
    return data;
  };

  const chooseTemplate = (e: FormEvent) => {
    e.preventDefault();
    if (!template) return setErrors([{ targetId: "template", refusal: { code: "template.none" } }]);
    go("records");
  };

  const check = (e: FormEvent) => {
    e.preventDefault();
    const problem = inputProblem(file, text);
    if (problem) return setErrors([problem]);
    startTransition(async () => {
      const answer = await previewBatchAction(form());
      if (!answer.ok) return setErrors(answer.errors);
      setPreview(answer.preview);
      go("check");
    });
  };

  const send = (confirmed: boolean) => {
    if (!preview) return;
    startTransition(async () => {
      // On success the action moves the browser to the new batch's page.
      const answer = await sendBatchAction(form({ correlationId: preview.correlationId, confirmed: confirmed ? "yes" : "" }));
      if (!answer.ok) setErrors(answer.errors.map((e) => ({ ...e, targetId: SEND_ID })));
    });
  };

  const count = preview?.total ?? 0;
  const title = {
    template: t("console.newBatch.heading.template"),
    records: t("console.newBatch.heading.records"),
    check: t("console.newBatch.heading.check", { count }),
    confirm: t("console.newBatch.heading.confirm", { count }),
  }[step];
  const steps = [
    t("console.newBatch.steps.template"),
    t("console.newBatch.steps.records"),
    t("console.newBatch.steps.check"),
    t("console.newBatch.steps.send"),
  ];
  const none = t("console.common.none");

  return (
    <div data-ready={hydrated || undefined}>
      <p>
        <a href="/console/batches">{t("console.batches.detail.back")}</a>
      </p>
      <StepIndicator steps={steps} current={STEP_INDEX[step]} />
      <ErrorSummary errors={errorItems} focusKey={errors} />
      {template && step !== "template" && <Caption>{bidi(t("console.newBatch.caption", { template: isolate(template.title) }))}</Caption>}
      <h1 tabIndex={-1} ref={heading}>
        {title}
      </h1>

      {step === "template" &&
        (templates.length === 0 ? (
          <p>{t("console.newBatch.template.none")}</p>
        ) : (
          // A GET to this page without script: the page then opens at the records step (?template=).
          <form onSubmit={chooseTemplate} method="get" noValidate>
            <Radios
              id="template"
              name="template"
              label={<span className="visually-hidden">{t("console.batches.detail.template")}</span>}
              hint={t("console.newBatch.template.hint")}
              error={errorFor("template")}
              options={templates.map((c) => ({
                value: c.path,
                label: isolate(c.title),
                hint: c.fields.length
                  ? t("console.newBatch.template.fields", {
                      path: isolate(c.path),
                      fields: isolate(c.fields.map((f) => f.label).join(", ")),
                    })
                  : t("console.newBatch.template.noFields", { path: isolate(c.path) }),
              }))}
              selected={templatePath}
              onChange={(e) => setTemplatePath(e.target.value)}
            />
            <Button type="submit">{t("console.newBatch.continue")}</Button>
          </form>
        ))}

      {step === "records" && template && (
        <form onSubmit={check} noValidate>
          <p>{t("console.newBatch.records.intro")}</p>
          <SummaryList
            rows={[
              { key: "columns", label: t("console.newBatch.records.columns"), value: keyList(template.fields) || none },
              {
                key: "required",
                label: t("console.newBatch.records.required"),
                value: keyList(template.fields.filter((f) => f.required)) || none,
              },
              {
                key: "limits",
                label: t("console.newBatch.records.limits"),
                // A warning threshold at or above the maximum leaves no band that needs a confirmation.
                value:
                  thresholds.warning >= thresholds.max
                    ? t("console.newBatch.records.limitsMax", { max: thresholds.max })
                    : t("console.newBatch.records.limitsConfirm", { warning: thresholds.warning, max: thresholds.max }),
              },
            ]}
          />
          <FileInput
            id={FILE_ID}
            name={FILE_ID}
            label={t("console.newBatch.records.fileLabel")}
            hint={t("console.newBatch.records.fileHint", { size })}
            accept={RECORDS_FILE_TYPES.join(",")}
            error={errorFor(FILE_ID)}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Textarea
            id={TEXT_ID}
            name={TEXT_ID}
            label={t("console.newBatch.records.textLabel")}
            hint={t("console.newBatch.records.textHint")}
            error={errorFor(TEXT_ID)}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={8}
            spellCheck={false}
          />
          <ButtonGroup>
            <Button type="submit" disabled={pending || !hydrated}>
              {pending ? t("console.newBatch.records.checking") : t("console.newBatch.records.check")}
            </Button>
            <Button variant="link" onClick={() => go("template")}>
              {t("console.newBatch.records.otherTemplate")}
            </Button>
          </ButtonGroup>
        </form>
      )}

      {step === "check" && preview && (
        <CheckStep
          preview={preview}
          thresholds={thresholds}
          pending={pending}
          onSend={() => send(false)}
          onConfirm={() => go("confirm")}
          onBack={() => {
            setFile(null);
            go("records");
          }}
          onChooseTemplate={() => go("template")}
        />
      )}

      {step === "confirm" && preview && template && (
        <>
          <p>
            {bidi(
              t("console.newBatch.confirm.lede", { count: preview.total, template: isolate(template.title), warning: thresholds.warning }),
            )}
          </p>
          <SummaryList
            rows={[
              {
                key: "template",
                label: t("console.batches.detail.template"),
                value: t("console.newBatch.confirm.templateValue", { title: isolate(template.title), path: isolate(template.path) }),
              },
              {
                key: "records",
                label: t("console.batches.detail.records"),
                value: preview.counts && intakeCountsText(t, preview.counts),
              },
            ]}
          />
          <p>{t("console.newBatch.confirm.effect")}</p>
          <ButtonGroup>
            <Button id={SEND_ID} onClick={() => send(true)} disabled={pending}>
              {pending ? t("console.newBatch.check.sending") : t("console.newBatch.confirm.yes", { count: preview.total })}
            </Button>
            <Button variant="link" onClick={() => go("check")}>
              {t("console.newBatch.confirm.back")}
            </Button>
          </ButtonGroup>
        </>
      )}
    </div>
  );
}

/** Fields' keys as the records' columns are headed: identifiers, listed as they are written. */
const keyList = (fields: Array<{ key: string }>) => fields.map((f) => f.key).join(", ");
