import { z } from "zod";
import { dateProblem, dateProblemText, type DateProblem } from "@/lib/date-parts";
import { numberFromInput, numberInputText } from "@/lib/format/number-input";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { normalizeValue } from "@/lib/templates/normalize-value";
import type { FieldDef } from "@/lib/templates/types";
import { fieldProblem, isEmpty, type FieldProblem } from "@/lib/templates/validate-record";
import { checkSavedValues, fieldResults, patternOf } from "./check-fields";
import { conditionHolds } from "./logic";
import type { Rule } from "../schema/schema-format";

/**
 * A step's form rules as a zod schema, built from the workflow schema: the portal validates a step
 * with it before moving on, and it runs the server's own checks (fieldResults, conditionHolds), so a
 * step the portal accepts is one the final advance accepts. Pure: no server import, no DOM.
 *
 * Form controls hold text (inputs, selects, radios) or a boolean (checkbox); the schema turns them
 * into the values the API stores (numbers, enum options, null for empty); numbers are read and shown
 * as the form's language writes them (`locale`: "3,5" in German is 3.5).
 */
export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;

/** What a form control shows for a stored value. */
export function formValueOf(f: FieldDef, stored: unknown, locale: string = DEFAULT_LOCALE): FormValue {
  if (f.type === "boolean") return stored === true;
  if (typeof stored === "number" && (f.type === "number" || f.type === "integer")) return numberInputText(stored, locale);
  return stored === undefined || stored === null ? "" : String(stored);
}

/** The value the API stores for what a control holds: null when empty (PATCH removes it). */
export function apiValueOf(f: FieldDef, v: FormValue | undefined, locale: string = DEFAULT_LOCALE): unknown {
  if (typeof v === "boolean") return f.type === "boolean" ? v : null;
  const text = (v ?? "").trim();
  if (text === "") return null;
  switch (f.type) {
    case "number":
    case "integer":
      // Half-typed or wrong text stays text: the field rules name the problem, autosave skips it.
      return numberFromInput(text, locale) ?? text;
    case "enum":
      return f.options!.find((o) => String(o) === text) ?? text;
    case "email":
    case "date":
      return text;
    default:
      // Text keeps its inner spacing as typed, unless the field's `normalize` says otherwise; surrounding blanks are dropped.
      return normalizeValue(f, (v as string).trim());
  }
}

/**
 * The values of `fields` that may be saved as they stand (the server's save-time check: a field of
 * the step, of its type): what autosave sends. The others (half-typed numbers) stay as a local draft.
 */
export function savableValues(
  fields: FieldDef[],
  values: FormValues,
  locale: string = DEFAULT_LOCALE,
): { save: Record<string, unknown>; unsaved: string[] } {
  const save: Record<string, unknown> = {};
  const unsaved: string[] = [];
  for (const f of fields) {
    if (!(f.key in values)) continue;
    const v = apiValueOf(f, values[f.key], locale);
    if (checkSavedValues([f], { [f.key]: v }, "", "").length) unsaved.push(f.key);
    else save[f.key] = v;
  }
  return { save, unsaved };
}

/** Field names a JSON Logic condition reads, or null when one is not a literal (then it may read any). */
export function fieldsRead(condition: unknown): Set<string> | null {
  const names = new Set<string>();
  let literal = true;
  const add = (n: unknown) => {
    if (typeof n === "string" || typeof n === "number") names.add(String(n).split(".")[0]);
    else literal = false;
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== "object") return;
    for (const [op, raw] of Object.entries(node)) {
      const args = Array.isArray(raw) ? raw : [raw];
      if (op === "var" || op === "val") {
        const first = op === "val" && Array.isArray(args[0]) ? args[0][0] : args[0];
        if (first !== "") add(first);
        args.slice(1).forEach(walk);
      } else if (op === "missing") args.forEach(add);
      else if (op === "missing_some") (Array.isArray(args[1]) ? args[1] : [null]).forEach(add);
      else args.forEach(walk);
    }
  };
  walk(condition);
  return literal ? names : null;
}

/**
 * Cross-field rules the portal checks on a step: error rules shown at one of the step's fields that
 * read only the step's own fields. A rule that reads answers of several steps is checked when the
 * participant submits (the server's final advance), since an earlier answer may still change and the
 * error summary then links to the field wherever it is.
 */
export function stepRules(rules: Rule[], fields: FieldDef[]): Rule[] {
  const keys = new Set(fields.map((f) => f.key));
  return rules.filter((r) => {
    if (r.severity !== "error" || !keys.has(r.fieldKey)) return false;
    const read = fieldsRead(r.condition);
    return read !== null && [...read].every((k) => keys.has(k));
  });
}

/**
 * How a field's problem reads: the portal words them in its page's language; by default, the API's
 * English ("Amount must be at least 1", "Date you left must include a month").
 */
export interface FieldWords {
  problem(f: FieldDef, p: FieldProblem): string;
  date(f: FieldDef, p: DateProblem): string;
}

export const ENGLISH_FIELD_WORDS: FieldWords = {
  problem: (f, p) => `${f.label ?? f.key} ${p.message}`,
  date: (f, p) => dateProblemText(f.label ?? f.key, p),
};

/** The field rule an answer breaks as the server's final check finds it (required, type, limits, pattern), or null. */
function breaks(f: FieldDef, v: unknown): FieldProblem | null {
  if (isEmpty(v)) return f.required ? { rule: "required", message: "is required" } : null;
  return fieldProblem(f, v, patternOf(f));
}

/**
 * The zod schema of one step's form: each field's rules, then the step's own cross-field rules (their
 * messages are the schema author's). `words` say the fields' problems; `locale` is the form's language.
 */
export function stepFormSchema(
  fields: FieldDef[],
  rules: Rule[],
  words: FieldWords = ENGLISH_FIELD_WORDS,
  locale: string = DEFAULT_LOCALE,
) {
  const shape = Object.fromEntries(
    fields.map((f) => [
      f.key,
      z
        // Radios read as null in react-hook-form once one was focused and none is chosen: no answer, like "".
        .union([z.string(), z.boolean(), z.null()])
        .optional()
        .transform((v) => apiValueOf(f, v ?? undefined, locale))
        .superRefine((v, ctx) => {
          // A date typed in part or wrongly in the three boxes: the GOV.UK words, not the API's "must be a date (YYYY-MM-DD)".
          const partly = f.type === "date" && typeof v === "string" ? dateProblem(v) : null;
          if (partly) return ctx.addIssue({ code: "custom", message: words.date(f, partly) });
          // Only an error stops the step; a warning is the reviewer's to see.
          const failed = f.severity === "error" ? breaks(f, v) : null;
          if (failed) ctx.addIssue({ code: "custom", message: words.problem(f, failed) });
        }),
    ]),
  );
  const own = stepRules(rules, fields).map((rule) => ({
    rule,
    premises: [...(fieldsRead(rule.condition) ?? [])].filter((k) => k !== rule.fieldKey),
  }));
  return z.object(shape).superRefine((values, ctx) => {
    // Conditions see every field of the step, an empty one as null, as on the server.
    const scope = Object.fromEntries(fields.map((f) => [f.key, values[f.key] ?? null]));
    // A rule about one answer that depends on another waits until that other answer is valid: on an
    // empty step, "country is required" is the error to fix, not the VAT rule that depends on it.
    // The step is refused either way, so what the portal accepts is still what the server accepts.
    const invalid = new Set(
      fields.filter((f) => fieldResults([f], { [f.key]: values[f.key] }, 0).some((r) => r.severity === "error")).map((f) => f.key),
    );
    for (const { rule, premises } of own) {
      if (premises.some((k) => invalid.has(k))) continue;
      if (!conditionHolds(rule.condition, scope).holds) ctx.addIssue({ code: "custom", message: rule.message, path: [rule.fieldKey] });
    }
  });
}
