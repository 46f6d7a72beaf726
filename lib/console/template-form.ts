import { numberFromInput, numberInputText } from "@/lib/format/number-input";
import type { Preview, PreviewFinding } from "@/lib/templates/preview";
import type { FieldDef } from "@/lib/templates/types";

/*
 * The template preview's form and answer, for the page's script as much as the server: nothing here
 * may import what only runs on the server (the renderer, the file system).
 */

/** What the form holds for a field: text for every control but a checkbox's true or false. */
export type FormValues = Record<string, string | boolean>;

/** A field as the page makes its control: the front matter's own rules, for the hints. */
export interface PreviewField {
  key: string;
  label: string;
  type: FieldDef["type"];
  required: boolean;
  options?: Array<{ value: string; label: string }>;
  min?: string;
  max?: string;
  maxLength?: number;
}

export interface TemplateSummary {
  path: string;
  title: string;
  locale: string;
  fields: PreviewField[];
}

/** One finding as the page lists it: a field it names is linked to that field's control. */
export interface ConsoleFinding extends Omit<PreviewFinding, "words"> {
  fieldLabel?: string;
  /** The language `message` is in: the page's, or English for a finding without words (a render's failure, the engine's own). */
  lang: string;
}

export type ConsolePreview = Omit<Preview, "findings" | "fields"> & { findings: ConsoleFinding[] };

/**
 * A preview that could not be made, by reason, for the page to say in its language: the template is
 * gone from the list, it cannot be rendered (`detail`: the renderer's own words), or the values sent
 * are not a form's.
 */
export type PreviewRefusal = { reason: "gone" | "values" } | { reason: "template"; detail: string };

export type TemplatePreviewAnswer = { ok: true; preview: ConsolePreview } | ({ ok: false } & PreviewRefusal);

/** The control's id of a field: the findings link to it. */
export const fieldControlId = (key: string) => `field-${key}`;

/** A record as the form's values: numbers and dates as the text typed, booleans as a checkbox. */
export function formValues(fields: Array<Pick<FieldDef, "key" | "type">>, record: Record<string, unknown>, locale: string): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    const v = record[f.key];
    values[f.key] =
      f.type === "boolean"
        ? v === true
        : typeof v === "number" && (f.type === "number" || f.type === "integer")
          ? numberInputText(v, locale)
          : v === undefined || v === null
            ? ""
            : String(v);
  }
  return values;
}

/**
 * The form's values as the record an API client would send: an empty control is a value not given,
 * a number field gets the number its text spells as the page's language writes numbers (`locale`:
 * lib/format/number-input.ts; else the text, which the record's checks then name), an enum the option
 * whose text it is, a checkbox true or false. Keys the template does not name are dropped: the form
 * has no control for them.
 */
export function recordOf(
  fields: Array<Pick<FieldDef, "key" | "type" | "options">>,
  values: FormValues,
  locale: string,
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.key];
    if (f.type === "boolean") {
      if (typeof v === "boolean") record[f.key] = v;
      continue;
    }
    if (typeof v !== "string" || v.trim() === "") continue;
    const text = v.trim();
    if (f.type === "number" || f.type === "integer") record[f.key] = numberFromInput(text, locale) ?? text;
    else if (f.type === "enum") record[f.key] = f.options?.find((o) => String(o) === text) ?? text;
    else record[f.key] = text;
  }
  return record;
}
