import type { Principal } from "@/lib/auth/principal";
import { wordsText } from "@/lib/i18n/words-text";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { AppError } from "@/lib/http/problem";
import { listBatchTemplates } from "@/lib/templates/list-templates";
import { previewTemplate } from "@/lib/templates/preview";
import { sampleRecord } from "@/lib/templates/sample-record";
import type { Template } from "@/lib/templates/types";
import { formValues, recordOf, type FormValues, type TemplatePreviewAnswer, type TemplateSummary } from "./template-form";

const summaryOf = (t: Template): TemplateSummary => ({
  path: t.path,
  title: t.title,
  locale: t.locale,
  fields: t.fields.map((f) => ({
    key: f.key,
    label: f.label ?? f.key,
    type: f.type,
    required: f.required,
    ...(f.options ? { options: f.options.map((o) => ({ value: String(o), label: f.optionLabels?.[String(o)] ?? String(o) })) } : {}),
    ...(f.min !== undefined ? { min: String(f.min) } : {}),
    ...(f.max !== undefined ? { max: String(f.max) } : {}),
    ...(f.maxLength !== undefined ? { maxLength: f.maxLength } : {}),
  })),
});

/** The templates an author may preview: the batch templates the new-batch page offers. */
export async function previewableTemplates(): Promise<TemplateSummary[]> {
  return (await listBatchTemplates()).map(summaryOf);
}

/**
 * One template of that list with a sample record as the form's first values (numbers as `locale`
 * writes them), or null: the page's `?template=` is only ever compared with the list's names, never
 * opened as a path.
 */
export async function templateForPreview(
  templatePath: string | undefined,
  locale: string,
): Promise<{ template: TemplateSummary; values: FormValues } | null> {
  if (!templatePath) return null;
  const found = (await listBatchTemplates()).find((t) => t.path === templatePath);
  if (!found) return null;
  return { template: summaryOf(found), values: formValues(found.fields, sampleRecord(found.fields, found.patterns), locale) };
}

/** `{{key}}` at the start of a binding finding's message names a field. */
const BOUND_KEY = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)/;

/**
 * Renders the form's values through one of the listed templates (previewTemplate, as
 * POST /api/templates/preview does) and names, for each finding, the field it is about: the record's
 * own checks name it, and a binding finding names it in its `{{key}}`. The findings are said in the
 * page's language (`locale`) from their words, the record's checks and the trace's alike; one without
 * words (a render's failure, in the engine's English) is marked English.
 */
export async function previewForConsole(
  principal: Principal,
  templatePath: string,
  values: FormValues,
  locale: Locale,
): Promise<TemplatePreviewAnswer> {
  const template = (await listBatchTemplates()).find((t) => t.path === templatePath);
  if (!template) return { ok: false, reason: "gone" };
  try {
    const {
      fields: _fields,
      findings,
      ...preview
    } = await previewTemplate(principal, { templatePath: template.path, record: recordOf(template.fields, values, locale) });
    const labels = new Map(template.fields.map((f) => [f.key, f.label ?? f.key]));
    return {
      ok: true,
      preview: {
        ...preview,
        findings: findings.map(({ words, ...f }) => {
          const said = words ? { message: wordsText(translatorFor(locale), locale, words), lang: locale } : { lang: "en" };
          const field = f.field ?? (f.code.startsWith("binding.") ? BOUND_KEY.exec(f.message)?.[1] : undefined);
          return field !== undefined && labels.has(field) ? { ...f, ...said, field, fieldLabel: labels.get(field) } : { ...f, ...said };
        }),
      },
    };
  } catch (err) {
    if (err instanceof AppError && err.code.startsWith("template.")) return { ok: false, reason: "template", detail: err.message };
    throw err;
  }
}
