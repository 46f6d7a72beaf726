"use client";
import { useEffect, useRef, useState, useTransition, type FormEvent } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary, type ErrorItem } from "@/components/ErrorSummary";
import { FileInput, Radios, Textarea } from "@/components/Field";
import { Caption } from "@/components/PageShell";
import { StepIndicator } from "@/components/StepIndicator";
import { SummaryList } from "@/components/SummaryList";
import type { SendThresholds } from "@/lib/batch/send-thresholds";
import type { BatchPreview } from "@/lib/console/new-batch";
import { FILE_ID, inputProblem, RECORDS_FILE_TYPES, RECORDS_MAX_LABEL, TEXT_ID } from "@/lib/console/records-input";
import { plural } from "@/lib/plural";
import { previewBatchAction, sendBatchAction } from "./actions";
import { CheckStep, SEND_ID } from "./CheckStep";

export interface TemplateChoice {
  path: string;
  title: string;
  fields: Array<{ key: string; label: string; required: boolean }>;
}

type Step = "template" | "records" | "check" | "confirm";
const STEPS = ["Template", "Records", "Check", "Send"];
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
  const [step, setStep] = useState<Step>(initialTemplate ? "records" : "template");
  const [templatePath, setTemplatePath] = useState(initialTemplate ?? "");
  // The records are read and sent by script: until it runs, its buttons do nothing, so they are disabled.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [pending, startTransition] = useTransition();
  const heading = useRef<HTMLHeadingElement>(null);
  const arrived = useRef(false);
  const template = templates.find((t) => t.path === templatePath);

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
    if (!template) return setErrors([{ targetId: "template", message: "Select a template" }]);
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

  const title = {
    template: "Choose a template",
    records: "Give the records",
    check: preview ? `Check ${plural(preview.total, "record")}` : "Check the records",
    confirm: preview ? `Send ${plural(preview.total, "record")}?` : "Send the records?",
  }[step];

  return (
    <div data-ready={hydrated || undefined}>
      <p>
        <a href="/console/batches">‹ All batches</a>
      </p>
      <StepIndicator steps={STEPS} current={STEP_INDEX[step]} />
      <ErrorSummary errors={errors} focusKey={errors} />
      {template && step !== "template" && <Caption>New batch from {template.title}</Caption>}
      <h1 tabIndex={-1} ref={heading}>
        {title}
      </h1>

      {step === "template" &&
        (templates.length === 0 ? (
          <p>
            There is no template for batches. A template for batches says how its documents go out (distribution in its front matter); ask
            your administrator to add one.
          </p>
        ) : (
          // A GET to this page without script: the page then opens at the records step (?template=).
          <form onSubmit={chooseTemplate} method="get" noValidate>
            <Radios
              id="template"
              name="template"
              label={<span className="visually-hidden">Template</span>}
              hint="Each record of your list becomes one document from this template."
              error={errors.find((e) => e.targetId === "template")?.message}
              options={templates.map((t) => ({
                value: t.path,
                label: t.title,
                hint: `${t.path}: ${t.fields.map((f) => f.label).join(", ") || "no fields"}`,
              }))}
              selected={templatePath}
              onChange={(e) => setTemplatePath(e.target.value)}
            />
            <Button type="submit">Continue</Button>
          </form>
        ))}

      {step === "records" && template && (
        <form onSubmit={check} noValidate>
          <p>
            Upload a CSV file whose first row names the columns, or paste CSV or JSON Lines (one JSON object per line). Columns are matched
            to the template&apos;s fields by key or label.
          </p>
          <SummaryList
            rows={[
              { key: "columns", label: "Columns", value: template.fields.map((f) => f.key).join(", ") || "None" },
              {
                key: "required",
                label: "Required",
                value:
                  template.fields
                    .filter((f) => f.required)
                    .map((f) => f.key)
                    .join(", ") || "None",
              },
              { key: "limits", label: "Limits", value: limitsLine(thresholds) },
            ]}
          />
          <FileInput
            id={FILE_ID}
            name={FILE_ID}
            label="Upload a file"
            hint={`CSV or JSON Lines, smaller than ${RECORDS_MAX_LABEL}, saved as UTF-8.`}
            accept={RECORDS_FILE_TYPES.join(",")}
            error={errors.find((e) => e.targetId === FILE_ID)?.message}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Textarea
            id={TEXT_ID}
            name={TEXT_ID}
            label="Or paste the records"
            hint="A header row, then one row per record; or one JSON object per line."
            error={errors.find((e) => e.targetId === TEXT_ID)?.message}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={8}
            spellCheck={false}
          />
          <ButtonGroup>
            <Button type="submit" disabled={pending || !hydrated}>
              {pending ? "Checking…" : "Check the records"}
            </Button>
            <Button variant="link" onClick={() => go("template")}>
              Choose another template
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
            You are about to send {plural(preview.total, "record")} from {template.title}. That is more than{" "}
            {plural(thresholds.warning, "record")}, so we ask you to confirm first.
          </p>
          <SummaryList
            rows={[
              { key: "template", label: "Template", value: `${template.title} (${template.path})` },
              { key: "records", label: "Records", value: preview.countsLine ?? plural(preview.total, "record") },
            ]}
          />
          <p>Each record becomes one document. The batch then goes to approval, or is made at once, as the template says.</p>
          <ButtonGroup>
            <Button id={SEND_ID} onClick={() => send(true)} disabled={pending}>
              {pending ? "Sending…" : `Yes, send ${plural(preview.total, "record")}`}
            </Button>
            <Button variant="link" onClick={() => go("check")}>
              No, go back to the records
            </Button>
          </ButtonGroup>
        </>
      )}
    </div>
  );
}

/** A warning threshold at or above the maximum leaves no band that needs a confirmation. */
const limitsLine = (t: SendThresholds) =>
  t.warning >= t.max
    ? `Up to ${plural(t.max, "record")} at once`
    : `${plural(t.warning, "record")} at once; up to ${t.max.toLocaleString("en-GB")} after a confirmation`;
