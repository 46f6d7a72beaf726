import { addressProblem } from "@/lib/mail/address";
import { normalizeValue } from "./normalize-value";
import type { FieldDef, Template } from "./types";

export interface FieldIssue {
  fieldKey: string;
  severity: "error" | "warning";
  /** The API's line, naming the field by its key ("amountDue: must be a number"). */
  message: string;
  /** What a person reads, naming the field by its label ("Amount due must be a number"). */
  text: string;
}

export interface RecordValidation {
  status: "valid" | "warning" | "invalid";
  messages: string[];
  issues: FieldIssue[];
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export const isEmpty = (v: unknown): boolean => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

function validDate(v: string): boolean {
  if (!isoDate.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/**
 * Which rule of a field a value breaks: `type` (wrong JSON type, not a whole number, not a date),
 * `format` (not an email address), `options`, `min`, `max`, `maxLength`, `pattern`; `required` is
 * for empty values and is decided by the caller.
 */
export type FieldRuleKind = "required" | "type" | "format" | "options" | "min" | "max" | "maxLength" | "pattern";

export interface FieldProblem {
  rule: FieldRuleKind;
  message: string;
  /** A number written as people write it ("1.234,50"): how the API writes it (1234.50), for a page to word its own message. */
  example?: string;
}

const problem = (rule: FieldRuleKind, message: string, example?: string): FieldProblem =>
  example === undefined ? { rule, message } : { rule, message, example };

// Digits grouped by dots, spaces or apostrophes, then a decimal comma: "1234,50", "1.234,50", "1 234,5".
const COMMA_DECIMAL = /^([+-]?)(\d{1,3}(?:[.\s\u00a0\u202f']\d{3})+|\d+),(\d+)$/u;
// Digits grouped by commas, dots, spaces or apostrophes: "1,234", "1.234.567".
const GROUPED_WHOLE = /^([+-]?)(\d{1,3}(?:([,.\s\u00a0\u202f'])\d{3})(?:\3\d{3})*)$/u;

/**
 * The number a text most likely means as the API writes it, for a message that shows how: people
 * write "1234,50" or "1.234,50" in much of the world, which a JSON number writes 1234.50.
 */
function numberAsWritten(v: string, whole: boolean): string | null {
  const text = v.trim();
  if (!whole) {
    const m = COMMA_DECIMAL.exec(text);
    return m ? `${m[1]}${m[2].replace(/\D/g, "")}.${m[3]}` : null;
  }
  const m = GROUPED_WHOLE.exec(text);
  return m ? `${m[1]}${m[2].replace(/\D/g, "")}` : null;
}

/** The one problem with a non-empty value, or null: type first, then the field's bounds and pattern. */
export function fieldProblem(f: FieldDef, v: unknown, pattern: RegExp | undefined): FieldProblem | null {
  switch (f.type) {
    case "number":
    case "integer": {
      if (typeof v === "string") {
        if (/^[+-]?\d+(\.\d+)?$/.test(v.trim()))
          return problem("type", `must be a number written without quotes (${v.trim()}, not "${v.trim()}")`);
        const meant = numberAsWritten(v, f.type === "integer");
        if (meant !== null) {
          return problem(
            "type",
            f.type === "integer"
              ? `must be a whole number written without separators, such as ${meant}`
              : `must be a number written with a decimal point and no thousands separator, such as ${meant}`,
            meant,
          );
        }
      }
      if (typeof v !== "number" || !Number.isFinite(v))
        return problem("type", f.type === "integer" ? "must be a whole number" : "must be a number");
      if (f.type === "integer" && !Number.isInteger(v)) return problem("type", "must be a whole number");
      if (f.min !== undefined && v < Number(f.min)) return problem("min", `must be at least ${f.min}`);
      if (f.max !== undefined && v > Number(f.max)) return problem("max", `must be at most ${f.max}`);
      return null;
    }
    case "boolean":
      return typeof v === "boolean" ? null : problem("type", "must be true or false");
    case "date": {
      if (typeof v !== "string" || !validDate(v)) return problem("type", "must be a date (YYYY-MM-DD)");
      if (f.min !== undefined && v < String(f.min)) return problem("min", `must be on or after ${f.min}`);
      if (f.max !== undefined && v > String(f.max)) return problem("max", `must be on or before ${f.max}`);
      return null;
    }
    case "email": {
      if (typeof v !== "string") return problem("type", "must be an email address");
      // recipientEmail may hold several addresses separated by semicolons (docs/spec.md, "Record fields with special meaning").
      const parts = (f.key === "recipientEmail" ? v.split(";") : [v]).map((p) => p.trim()).filter(Boolean);
      if (!parts.length) return problem("format", "must be an email address");
      const why = parts.map(addressProblem).find((w) => w !== null);
      if (why === undefined) return null;
      return problem(
        "format",
        why === "is not a valid email address" ? "must be an email address" : `must be an email address a mail server accepts: one ${why}`,
      );
    }
    case "enum":
      return f.options!.some((o) => o === v) ? null : problem("options", `must be one of ${f.options!.join(", ")}`);
    default: {
      // Text is a JSON string: a number given for it is refused, not turned into text, so that what is
      // stored and shown is what the client sent (a number's text form is not always what was meant:
      // 1e21, 0.1 + 0.2, leading zeros lost), as batch records and workflow steps alike.
      if (typeof v === "number") return problem("type", "must be text (a JSON string in quotes), not a number");
      if (typeof v !== "string") return problem("type", "must be text");
      if (f.maxLength !== undefined && v.length > f.maxLength) return problem("maxLength", `must be at most ${f.maxLength} characters`);
      if (pattern && !pattern.test(v))
        return problem("pattern", f.example ? `does not have the expected form, such as ${f.example}` : "does not have the expected form");
      return null;
    }
  }
}

/**
 * Checks one record against the template's field rules, each value as its field's `normalize` makes
 * it (callers store and render normalizeValues(…) of the record). Fields the template does not name are allowed.
 */
export function validateRecord(template: Template, data: Record<string, unknown>): RecordValidation {
  const issues: FieldIssue[] = [];
  for (const f of template.fields) {
    const v = normalizeValue(f, data[f.key]);
    const why = isEmpty(v) ? (f.required ? "is required" : null) : fieldProblem(f, v, template.patterns.get(f.key))?.message;
    if (why) issues.push({ fieldKey: f.key, severity: f.severity, message: `${f.key}: ${why}`, text: `${f.label ?? f.key} ${why}` });
  }
  const status = issues.some((i) => i.severity === "error") ? "invalid" : issues.length ? "warning" : "valid";
  return { status, messages: issues.map((i) => i.message), issues };
}
