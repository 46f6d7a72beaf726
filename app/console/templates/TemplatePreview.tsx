"use client";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useForm, type Control, type UseFormRegister } from "react-hook-form";
import { DateInput } from "@/components/DateInput";
import { focusControl } from "@/components/ErrorSummary";
import { Checkbox, Select, TextInput } from "@/components/Field";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { Button } from "@/components/Button";
import { PdfView } from "@/components/PdfView";
import { saveBytes } from "@/components/save-bytes";
import { StatusTag } from "@/components/StatusTag";
import { SummaryList } from "@/components/SummaryList";
import { dateExample } from "@/lib/date-parts";
import {
  fieldControlId,
  type ConsoleFinding,
  type ConsolePreview,
  type FormValues,
  type PreviewField,
  type TemplateSummary,
} from "@/lib/console/template-form";
import { fileTitle } from "@/lib/file-title";
import { plural } from "@/lib/plural";
import { previewTemplateAction } from "./actions";
import styles from "./templates.module.css";

/** The pause after the last keystroke before the preview is made again. */
const DEBOUNCE_MS = 400;

const SEVERITY: Record<ConsoleFinding["severity"], { label: string; colour: "red" | "yellow" | "blue" }> = {
  error: { label: "Error", colour: "red" },
  warning: { label: "Warning", colour: "yellow" },
  info: { label: "Note", colour: "blue" },
};

type Status = { kind: "updating" } | { kind: "updated" } | { kind: "failed"; message: string };

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/**
 * The sample data's form beside what the template makes of it. Every change is sent 400 ms after
 * the last keystroke, one request at a time: a change made while one is on its way is sent when it
 * comes back, so there is never a queue of stale requests and the answer shown is the latest.
 */
export function TemplatePreview({ template, initialValues }: { template: TemplateSummary; initialValues: FormValues }) {
  const { register, control, watch, getValues } = useForm<FormValues>({ defaultValues: initialValues });
  const [preview, setPreview] = useState<ConsolePreview | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "updating" });
  const busy = useRef(false);
  const again = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  const update = useCallback(async () => {
    window.clearTimeout(timer.current);
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    setStatus({ kind: "updating" });
    try {
      do {
        again.current = false;
        const answer = await previewTemplateAction(template.path, getValues());
        if (again.current) continue; // already out of date: only the latest values are shown
        if (answer.ok) {
          setPreview(answer.preview);
          setStatus({ kind: "updated" });
        } else setStatus({ kind: "failed", message: answer.message });
      } while (again.current);
    } catch {
      setStatus({ kind: "failed", message: "The preview could not be made. Change a value to try again." });
    } finally {
      busy.current = false;
    }
  }, [template.path, getValues]);

  useEffect(() => {
    void update();
    const subscription = watch(() => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void update(), DEBOUNCE_MS);
    });
    return () => {
      subscription.unsubscribe();
      window.clearTimeout(timer.current);
    };
  }, [watch, update]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void update();
  };

  const pdf = preview?.pdf;
  const load = useMemo(() => async () => (pdf ? bytesOf(pdf) : null), [pdf]);
  // A record check that names a field is also shown at the field, as a form's error is.
  const fieldErrors = new Map<string, string>();
  for (const f of preview?.findings ?? []) {
    // Record checks already name the field by its label.
    if (f.severity === "error" && f.code.startsWith("record.") && f.field && !fieldErrors.has(f.field)) fieldErrors.set(f.field, f.message);
  }

  return (
    <div data-ready={preview ? true : undefined}>
      <p>
        <a href="/console/templates">‹ All templates</a>
      </p>
      <Caption>Template preview</Caption>
      <h1>{template.title}</h1>
      <p className={styles.lede}>
        Change the sample data: the pages and the checks follow as you type. Nothing is saved or sent.{" "}
        <span className={styles.path}>{template.path}</span>
      </p>

      <div className={styles.panes}>
        <section aria-labelledby="sample-heading" className={styles.pane}>
          <h2 id="sample-heading">Sample data</h2>
          <form onSubmit={submit} noValidate>
            {template.fields.length === 0 && <p>This template has no fields.</p>}
            {template.fields.map((f) => (
              <FieldControl key={f.key} field={f} register={register} control={control} error={fieldErrors.get(f.key)} />
            ))}
          </form>
        </section>

        <section aria-labelledby="result-heading" className={styles.pane}>
          <h2 id="result-heading">Preview</h2>
          <p role="status" aria-live="polite" className={styles.status} data-status={status.kind}>
            {status.kind === "updating" ? "Updating…" : status.kind === "updated" ? "Updated" : `Not updated: ${status.message}`}
          </p>
          {preview && (
            <>
              <Findings findings={preview.findings} />
              <Conditions conditions={preview.conditions} />
              <h3>Accessibility</h3>
              <SummaryList
                rows={[
                  {
                    key: "headings",
                    label: "Headings",
                    value: { PASS: "Pass: one top heading, no level skipped", FAIL: "Fail: see the findings", NONE: "No headings" }[
                      preview.accessibility.headings
                    ],
                  },
                  { key: "contrast", label: "Contrast", value: contrastText(preview.accessibility.contrast) },
                  {
                    key: "alt",
                    label: "Alt text",
                    value:
                      preview.accessibility.altTextCoveragePercent === null
                        ? "No images"
                        : `${preview.accessibility.altTextCoveragePercent}% of images have alt text`,
                  },
                  { key: "pdf-ua", label: "PDF/UA", value: pdfUaText(preview.accessibility.pdfUa) },
                ]}
              />
              <h3>Pages</h3>
              <p>
                <Button
                  variant="secondary"
                  onClick={() => saveBytes(bytesOf(preview.pdf), `${fileTitle(template.title, "template")}-preview.pdf`)}
                >
                  Download this preview (PDF)
                </Button>
              </p>
              <PdfView load={load} title={preview.title} />
            </>
          )}
        </section>
      </div>
      {status.kind === "failed" && !preview && (
        <NotificationBanner variant="warning" title="No preview">
          <p>{status.message}</p>
        </NotificationBanner>
      )}
    </div>
  );
}

function contrastText(worst: string | null): string {
  if (worst === null) return "No text to check";
  if (worst === "FAIL") return "Fail: some text is below WCAG AA (see the findings)";
  return `${worst}: all text meets WCAG ${worst}`;
}

function pdfUaText(pdfUa: { result: "PASS" | "FAIL"; failedRules: string[] } | null): string {
  if (!pdfUa) return "Not checked";
  if (pdfUa.result === "PASS") return "Pass: every rule a machine can check";
  return `Fail: rule ${pdfUa.failedRules.join(", ")} (see the findings)`;
}

function Findings({ findings }: { findings: ConsoleFinding[] }) {
  const go = (id: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (focusControl(id)) e.preventDefault();
  };
  return (
    <>
      <h3>Findings</h3>
      {findings.length === 0 ? (
        <p>Nothing found: every value is given and fits its field, and the layout has no problem.</p>
      ) : (
        <>
          <p className={styles.count}>{plural(findings.length, "finding")}</p>
          <ul className={styles.findings}>
            {findings.map((f, i) => (
              <li key={i} className={styles.finding} data-code={f.code} data-field={f.field} data-severity={f.severity}>
                <StatusTag colour={SEVERITY[f.severity].colour}>{SEVERITY[f.severity].label}</StatusTag> <span>{f.message}</span>
                {(f.fieldLabel || f.line !== undefined) && (
                  <span className={styles.where}>
                    {f.field && f.fieldLabel && (
                      <a href={`#${fieldControlId(f.field)}`} onClick={go(fieldControlId(f.field))}>
                        <span className="visually-hidden">Go to the field </span>
                        {f.fieldLabel}
                      </a>
                    )}
                    {f.field && f.fieldLabel && f.line !== undefined && " · "}
                    {f.line !== undefined && `Template line ${f.line}`}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function Conditions({ conditions }: { conditions: ConsolePreview["conditions"] }) {
  if (conditions.length === 0) return null;
  return (
    <>
      <h3>Conditions</h3>
      <ul className={styles.findings}>
        {[...conditions]
          .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
          .map((c, i) => (
            <li key={i} className={styles.finding} data-held={c.held}>
              <StatusTag colour={c.held ? "green" : "grey"}>{c.held ? "Held" : "Did not hold"}</StatusTag>{" "}
              <code className={styles.code}>{`{{#${c.kind} ${c.expression}}}`}</code>
              {c.line !== undefined && <span className={styles.where}>Template line {c.line}</span>}
            </li>
          ))}
      </ul>
    </>
  );
}

/** The hint a field's own limits give, so the author knows them before a finding says so. */
function hintOf(f: PreviewField): string | undefined {
  if (f.type === "number" || f.type === "integer") {
    const whole = f.type === "integer" ? "A whole number" : "A number";
    if (f.min !== undefined && f.max !== undefined) return `${whole} from ${f.min} to ${f.max}`;
    if (f.min !== undefined) return `${whole}, at least ${f.min}`;
    if (f.max !== undefined) return `${whole}, at most ${f.max}`;
    return f.type === "integer" ? whole : undefined;
  }
  if (f.type === "date") return dateExample(f.min, f.max);
  if (f.type === "string" && f.maxLength !== undefined) return `Up to ${f.maxLength} characters`;
  return undefined;
}

/** One field as the design system's control for its type: text, number, date (three boxes), email, a checkbox, a select. */
function FieldControl({
  field: f,
  register,
  control,
  error,
}: {
  field: PreviewField;
  register: UseFormRegister<FormValues>;
  control: Control<FormValues>;
  error?: string;
}) {
  const id = fieldControlId(f.key);
  const label = f.required ? `${f.label} (required)` : f.label;
  const common = { id, label, hint: hintOf(f), error };
  if (f.type === "date") return <DateInput {...common} control={control} name={f.key} />;
  const reg = register(f.key);
  const required = f.required ? { "aria-required": true } : {};
  switch (f.type) {
    case "boolean":
      return <Checkbox {...common} {...reg} />;
    case "enum":
      return <Select {...common} {...required} options={f.options ?? []} emptyLabel="Not given" {...reg} />;
    case "email":
      return <TextInput {...common} {...required} type="email" autoComplete="off" spellCheck={false} width="20" {...reg} />;
    case "number":
    case "integer":
      return (
        <TextInput
          {...common}
          {...required}
          inputMode={f.type === "integer" ? "numeric" : "decimal"}
          autoComplete="off"
          spellCheck={false}
          width="10"
          {...reg}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          {...required}
          autoComplete="off"
          width={f.maxLength !== undefined && f.maxLength <= 20 ? "10" : "full"}
          {...reg}
        />
      );
  }
}
