import { words, type FindingWords } from "@/lib/i18n/words";
import { addressFault, addressFaultText } from "@/lib/mail/address";
import { normalizeValue } from "./normalize-value";
import type { FieldDef, Template } from "./types";

export interface FieldIssue {
  fieldKey: string;
  severity: "error" | "warning";
  /** The API's line, naming the field by its key ("amountDue: must be a number"). */
  message: string;
  /** What a person reads, naming the field by its label ("Amount due must be a number"). */
  text: string;
  /** The same in any language: a sentence of the catalogues and its values (lib/i18n/words-text.ts writes it). */
  words: FindingWords;
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
  /** The problem as a sentence of the catalogues (`finding.field.*`), naming the field by its label; set by fieldProblem. */
  words?: FindingWords;
}

const problem = (rule: FieldRuleKind, message: string, said: FindingWords, example?: string): FieldProblem =>
  example === undefined ? { rule, message, words: said } : { rule, message, words: said, example };

/** The label a person reads for a field: its own, else its key. */
const labelOf = (f: FieldDef): string => f.label ?? f.key;

/** A limit as the template holds it, for the words to write in the reader's language: a number, or a date's text. */
const limitValue = (f: FieldDef, limit: string | number): string | number =>
  f.type === "date" || typeof limit === "number" || !Number.isFinite(Number(limit)) ? limit : Number(limit);

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
  const label = labelOf(f);
  switch (f.type) {
    case "number":
    case "integer": {
      const whole = f.type === "integer";
      if (typeof v === "string") {
        if (/^[+-]?\d+(\.\d+)?$/.test(v.trim()))
          return problem(
            "type",
            `must be a number written without quotes (${v.trim()}, not "${v.trim()}")`,
            words("finding.field.numberUnquoted", { label, example: v.trim() }),
          );
        const meant = numberAsWritten(v, whole);
        if (meant !== null) {
          return whole
            ? problem(
                "type",
                `must be a whole number written without separators, such as ${meant}`,
                words("finding.field.wholeAsWritten", { label, example: meant }),
                meant,
              )
            : problem(
                "type",
                `must be a number written with a decimal point and no thousands separator, such as ${meant}`,
                words("finding.field.numberAsWritten", { label, example: meant }),
                meant,
              );
        }
      }
      const notNumber = () =>
        whole
          ? problem("type", "must be a whole number", words("finding.field.whole", { label }))
          : problem("type", "must be a number", words("finding.field.number", { label }));
      if (typeof v !== "number" || !Number.isFinite(v)) return notNumber();
      if (whole && !Number.isInteger(v)) return notNumber();
      if (f.min !== undefined && v < Number(f.min))
        return problem("min", `must be at least ${f.min}`, words("finding.field.atLeast", { label, limit: limitValue(f, f.min) }));
      if (f.max !== undefined && v > Number(f.max))
        return problem("max", `must be at most ${f.max}`, words("finding.field.atMost", { label, limit: limitValue(f, f.max) }));
      return null;
    }
    case "boolean":
      return typeof v === "boolean" ? null : problem("type", "must be true or false", words("finding.field.boolean", { label }));
    case "date": {
      if (typeof v !== "string" || !validDate(v))
        return problem("type", "must be a date (YYYY-MM-DD)", words("finding.field.date", { label }));
      if (f.min !== undefined && v < String(f.min))
        return problem("min", `must be on or after ${f.min}`, words("finding.field.dateFrom", { label, limit: String(f.min) }));
      if (f.max !== undefined && v > String(f.max))
        return problem("max", `must be on or before ${f.max}`, words("finding.field.dateUntil", { label, limit: String(f.max) }));
      return null;
    }
    case "email": {
      const notAddress = (rule: FieldRuleKind) => problem(rule, "must be an email address", words("finding.field.email", { label }));
      if (typeof v !== "string") return notAddress("type");
      // recipientEmail may hold several addresses separated by semicolons (docs/spec.md, "Record fields with special meaning").
      const parts = (f.key === "recipientEmail" ? v.split(";") : [v]).map((p) => p.trim()).filter(Boolean);
      if (!parts.length) return notAddress("format");
      const fault = parts.map(addressFault).find((w) => w !== null);
      if (fault === undefined) return null;
      if (fault.kind === "invalid") return notAddress("format");
      return problem(
        "format",
        `must be an email address a mail server accepts: one ${addressFaultText(fault)}`,
        words("finding.field.emailRefused", { label, fault: fault.kind, bytes: "bytes" in fault ? fault.bytes : 0, most: fault.most }),
      );
    }
    case "enum":
      return f.options!.some((o) => o === v)
        ? null
        : problem(
            "options",
            `must be one of ${f.options!.join(", ")}`,
            words("finding.field.options", { label, options: f.options!.map(String) }),
          );
    default: {
      // Text is a JSON string: a number given for it is refused, not turned into text, so that what is
      // stored and shown is what the client sent (a number's text form is not always what was meant:
      // 1e21, 0.1 + 0.2, leading zeros lost), as batch records and workflow steps alike.
      if (typeof v === "number")
        return problem("type", "must be text (a JSON string in quotes), not a number", words("finding.field.textNotNumber", { label }));
      if (typeof v !== "string") return problem("type", "must be text", words("finding.field.text", { label }));
      if (f.maxLength !== undefined && v.length > f.maxLength)
        return problem(
          "maxLength",
          `must be at most ${f.maxLength} characters`,
          words("finding.field.tooLong", { label, max: f.maxLength }),
        );
      if (pattern && !pattern.test(v))
        return f.example
          ? problem(
              "pattern",
              `does not have the expected form, such as ${f.example}`,
              words("finding.field.patternExample", { label, example: f.example }),
            )
          : problem("pattern", "does not have the expected form", words("finding.field.pattern", { label }));
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
    const p = isEmpty(v)
      ? f.required
        ? problem("required", "is required", words("finding.field.required", { label: labelOf(f) }))
        : null
      : fieldProblem(f, v, template.patterns.get(f.key));
    if (p)
      issues.push({
        fieldKey: f.key,
        severity: f.severity,
        message: `${f.key}: ${p.message}`,
        text: `${labelOf(f)} ${p.message}`,
        words: p.words!,
      });
  }
  const status = issues.some((i) => i.severity === "error") ? "invalid" : issues.length ? "warning" : "valid";
  return { status, messages: issues.map((i) => i.message), issues };
}
