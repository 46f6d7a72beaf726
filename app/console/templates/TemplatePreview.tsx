"use client";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { useForm, type Control, type UseFormRegister } from "react-hook-form";
import { DateInput } from "@/components/DateInput";
import { focusControl } from "@/components/ErrorSummary";
import { Checkbox, Select, TextInput } from "@/components/Field";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { Button } from "@/components/Button";
import { bidi } from "@/components/bidi";
import { PdfView } from "@/components/PdfView";
import { saveBytes } from "@/components/save-bytes";
import { StatusTag } from "@/components/StatusTag";
import { SummaryList } from "@/components/SummaryList";
import { exampleDate } from "@/lib/date-parts";
import {
  fieldControlId,
  type ConsoleFinding,
  type ConsolePreview,
  type FormValues,
  type PreviewField,
  type PreviewRefusal,
  type TemplateSummary,
} from "@/lib/console/template-form";
import { fileTitle } from "@/lib/file-title";
import type { Translator } from "@/lib/i18n/translator";
import { previewTemplateAction } from "./actions";
import styles from "./templates.module.css";

/** The pause after the last keystroke before the preview is made again. */
const DEBOUNCE_MS = 400;

const SEVERITY = {
  error: { label: "console.templates.severity.error", colour: "red" },
  warning: { label: "console.templates.severity.warning", colour: "yellow" },
  info: { label: "console.templates.severity.info", colour: "blue" },
} as const satisfies Record<ConsoleFinding["severity"], { label: string; colour: "red" | "yellow" | "blue" }>;

/** Why the preview is not up to date: its answer's refusal, or no answer at all ("unreachable"). */
type Status = { kind: "updating" } | { kind: "updated" } | { kind: "failed"; why: PreviewRefusal | { reason: "unreachable" } };

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

/** A preview not made, in the page's language; the renderer's own detail is English, and marked so. */
function refusalText(t: Translator, why: PreviewRefusal | { reason: "unreachable" }): ReactNode {
  switch (why.reason) {
    case "gone":
      return t("console.templates.refusals.gone");
    case "values":
      return t("console.templates.refusals.values");
    case "unreachable":
      return t("console.templates.refusals.unreachable");
    case "template":
      return t.rich("console.templates.refusals.template", { detail: why.detail, english: (c) => <span lang="en">{c}</span> });
  }
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/**
 * The sample data's form beside what the template makes of it. Every change is sent 400 ms after
 * the last keystroke, one request at a time: a change made while one is on its way is sent when it
 * comes back, so there is never a queue of stale requests and the answer shown is the latest.
 */
export function TemplatePreview({ template, initialValues }: { template: TemplateSummary; initialValues: FormValues }) {
  const t = useTranslations();
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
        } else setStatus({ kind: "failed", why: answer });
      } while (again.current);
    } catch {
      setStatus({ kind: "failed", why: { reason: "unreachable" } });
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
        <a href="/console/templates">{t("console.templates.back")}</a>
      </p>
      <Caption>{t("console.templates.previewCaption")}</Caption>
      <h1>{template.title}</h1>
      <p className={styles.lede}>
        {t("console.templates.previewLede")} <span className={styles.path}>{template.path}</span>
      </p>

      <div className={styles.panes}>
        <section aria-labelledby="sample-heading" className={styles.pane}>
          <h2 id="sample-heading">{t("console.templates.sample")}</h2>
          <form onSubmit={submit} noValidate>
            {template.fields.length === 0 && <p>{t("console.templates.noFields")}</p>}
            {template.fields.map((f) => (
              <FieldControl key={f.key} field={f} register={register} control={control} error={fieldErrors.get(f.key)} />
            ))}
          </form>
        </section>

        <section aria-labelledby="result-heading" className={styles.pane}>
          <h2 id="result-heading">{t("console.templates.result")}</h2>
          <p role="status" aria-live="polite" className={styles.status} data-status={status.kind}>
            {status.kind === "updating"
              ? t("console.templates.updating")
              : status.kind === "updated"
                ? t("console.templates.updated")
                : // "Not updated:", then why, as a label and its value.
                  [t("console.templates.notUpdated"), " ", refusalText(t, status.why)]}
          </p>
          {preview && (
            <>
              <Findings findings={preview.findings} />
              <Conditions conditions={preview.conditions} />
              <h3>{t("console.templates.accessibility")}</h3>
              <SummaryList
                rows={[
                  {
                    key: "headings",
                    label: t("console.templates.headings"),
                    value: t(HEADINGS[preview.accessibility.headings]),
                  },
                  { key: "contrast", label: t("console.templates.contrast"), value: contrastText(t, preview.accessibility.contrast) },
                  {
                    key: "alt",
                    label: t("console.templates.alt"),
                    value:
                      preview.accessibility.altTextCoveragePercent === null
                        ? t("console.templates.altNone")
                        : t("console.templates.altCoverage", { share: preview.accessibility.altTextCoveragePercent / 100 }),
                  },
                  { key: "pdf-ua", label: "PDF/UA", value: pdfUaText(t, preview.accessibility.pdfUa) },
                ]}
              />
              <h3>{t("console.templates.pages")}</h3>
              <p>
                <Button
                  variant="secondary"
                  onClick={() => saveBytes(bytesOf(preview.pdf), `${fileTitle(template.title, "template")}-preview.pdf`)}
                >
                  {t("console.templates.download")}
                </Button>
              </p>
              <PdfView load={load} title={preview.title} />
            </>
          )}
        </section>
      </div>
      {status.kind === "failed" && !preview && (
        <NotificationBanner variant="warning" title={t("console.templates.noPreview")}>
          <p>{refusalText(t, status.why)}</p>
        </NotificationBanner>
      )}
    </div>
  );
}

const HEADINGS = {
  PASS: "console.templates.headingsPass",
  FAIL: "console.templates.headingsFail",
  NONE: "console.templates.headingsNone",
} as const;

function contrastText(t: Translator, worst: string | null): string {
  if (worst === null) return t("console.templates.contrastNone");
  if (worst === "FAIL") return t("console.templates.contrastFail");
  return t("console.templates.contrastPass", { level: worst });
}

function pdfUaText(t: Translator, pdfUa: { result: "PASS" | "FAIL"; failedRules: string[] } | null): string {
  if (!pdfUa) return t("console.templates.pdfUaNone");
  if (pdfUa.result === "PASS") return t("console.templates.pdfUaPass");
  return t("console.templates.pdfUaFail", { rules: pdfUa.failedRules.join(", ") });
}

function Findings({ findings }: { findings: ConsoleFinding[] }) {
  const t = useTranslations();
  const go = (id: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (focusControl(id)) e.preventDefault();
  };
  return (
    <>
      <h3>{t("console.templates.findings")}</h3>
      {findings.length === 0 ? (
        <p>{t("console.templates.nothingFound")}</p>
      ) : (
        <>
          <p className={styles.count}>{t("console.templates.findingCount", { count: findings.length })}</p>
          <ul className={styles.findings}>
            {findings.map((f, i) => (
              <li key={i} className={styles.finding} data-code={f.code} data-field={f.field} data-severity={f.severity}>
                {/* In the page's language, save a render's failure, which the engine writes in English (marked so for a screen reader). */}
                <StatusTag colour={SEVERITY[f.severity].colour}>{t(SEVERITY[f.severity].label)}</StatusTag>{" "}
                <span lang={f.lang}>{bidi(f.message)}</span>
                {(f.fieldLabel || f.line !== undefined) && (
                  <span className={styles.where}>
                    {f.field && f.fieldLabel && (
                      <a href={`#${fieldControlId(f.field)}`} onClick={go(fieldControlId(f.field))}>
                        {t.rich("console.templates.goToField", { label: f.fieldLabel, hidden })}
                      </a>
                    )}
                    {f.field && f.fieldLabel && f.line !== undefined && " · "}
                    {f.line !== undefined && t("console.templates.templateLine", { line: f.line })}
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
  const t = useTranslations();
  if (conditions.length === 0) return null;
  return (
    <>
      <h3>{t("console.templates.conditions")}</h3>
      <ul className={styles.findings}>
        {[...conditions]
          .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
          .map((c, i) => (
            <li key={i} className={styles.finding} data-held={c.held}>
              <StatusTag colour={c.held ? "green" : "grey"}>
                {c.held ? t("console.templates.held") : t("console.templates.notHeld")}
              </StatusTag>{" "}
              <code className={styles.code}>{`{{#${c.kind} ${c.expression}}}`}</code>
              {c.line !== undefined && <span className={styles.where}>{t("console.templates.templateLine", { line: c.line })}</span>}
            </li>
          ))}
      </ul>
    </>
  );
}

/** The hint a field's own limits give, so the author knows them before a finding says so. */
function hintOf(t: Translator, f: PreviewField): string | undefined {
  if (f.type === "number" || f.type === "integer") {
    const whole = f.type === "integer" ? "yes" : "no";
    if (f.min !== undefined && f.max !== undefined) return t("console.templates.hint.range", { whole, min: f.min, max: f.max });
    if (f.min !== undefined) return t("console.templates.hint.atLeast", { whole, min: f.min });
    if (f.max !== undefined) return t("console.templates.hint.atMost", { whole, max: f.max });
    return f.type === "integer" ? t("console.templates.hint.whole") : undefined;
  }
  if (f.type === "date") return t("console.templates.hint.dateExample", exampleDate(f.min, f.max));
  if (f.type === "string" && f.maxLength !== undefined) return t("console.templates.hint.maxLength", { max: f.maxLength });
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
  const t = useTranslations();
  const id = fieldControlId(f.key);
  const label = f.required ? t("console.templates.required", { label: f.label }) : f.label;
  const common = { id, label, hint: hintOf(t, f), error };
  if (f.type === "date") return <DateInput {...common} control={control} name={f.key} />;
  const reg = register(f.key);
  const required = f.required ? { "aria-required": true } : {};
  switch (f.type) {
    case "boolean":
      return <Checkbox {...common} {...reg} />;
    case "enum":
      return <Select {...common} {...required} options={f.options ?? []} emptyLabel={t("console.templates.notGiven")} {...reg} />;
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
