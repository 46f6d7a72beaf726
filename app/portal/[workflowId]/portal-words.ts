import type { DateProblem } from "@/lib/date-parts";
import type { Translator } from "@/lib/i18n/translator";
import type { FieldDef } from "@/lib/templates/types";
import type { FieldProblem } from "@/lib/templates/validate-record";
import type { WorkflowState } from "@/lib/workflow/states";
import type { FieldWords } from "@/lib/workflow/validation/form-rules";
import type { ValidationResult } from "@/lib/workflow/validation/validation-result";
import { answerText, limitText } from "@/lib/format/show-value";
import { isolate } from "@/lib/i18n/isolate";
import type { Bootstrap } from "./bootstrap";

/**
 * The portal's words that depend on a value (a state, a field's problem, an answer), from the
 * catalogues: each key is written out whole in a table, so tests/unit/i18n-catalogues.test.ts finds it.
 */

/** A workflow's state as a participant or reviewer reads it ("Waiting for review" where the console says "Waiting for approval"). */
const STATE_KEYS = {
  "in-progress": "portal.state.inProgress",
  "pending-approval": "portal.state.pendingApproval",
  "validation-failed": "portal.state.validationFailed",
  "changes-requested": "portal.state.changesRequested",
  sealing: "portal.state.sealing",
  complete: "portal.state.complete",
  rejected: "portal.state.rejected",
  cancelled: "portal.state.cancelled",
} as const satisfies Record<WorkflowState, string>;

export const stateWords = (t: Translator, state: WorkflowState): string => t(STATE_KEYS[state] ?? STATE_KEYS.cancelled);

/** A wait the server asks for (Retry-After, seconds) in whole minutes, at least one: how the pages say it. */
export const waitMinutes = (seconds: number): number => Math.max(1, Math.ceil(seconds / 60));

/** What to tell a person whose call failed: the connection when the server was not reached, else `otherwise`. */
export const failureWords = (t: Translator, a: { status: number }, otherwise: string): string =>
  a.status === 0 ? t("portal.problem.network") : otherwise;

const MISSING = {
  day: "day",
  month: "month",
  year: "year",
  "day,month": "dayMonth",
  "day,year": "dayYear",
  "month,year": "monthYear",
} as const;

/** The parts a date lacks, as the `missing` select of the date messages names them. */
export const missingParts = (p: DateProblem): string => MISSING[p.parts.join(",") as keyof typeof MISSING] ?? "other";

/**
 * A field's problem in the page's language, naming the field by its label as the template's author
 * wrote it (isolated: lib/i18n/isolate.ts); limits as the form's hints write them (the workflow's locale).
 */
export function fieldWords(t: Translator, locale: string): FieldWords {
  return {
    problem(f: FieldDef, p: FieldProblem): string {
      const label = isolate(f.label ?? f.key);
      const limit = (v: string | number | undefined) => (v === undefined ? "" : limitText(f, v, locale));
      const whole = f.type === "integer";
      switch (p.rule) {
        case "required":
          return t("portal.fieldError.required", { label });
        case "type":
          if (f.type === "number" || f.type === "integer") {
            if (p.example !== undefined)
              return whole
                ? t("portal.fieldError.wholeAsWritten", { label, example: isolate(p.example) })
                : t("portal.fieldError.numberAsWritten", { label, example: isolate(p.example) });
            return whole ? t("portal.fieldError.whole", { label }) : t("portal.fieldError.number", { label });
          }
          if (f.type === "date") return t("portal.fieldError.dateReal", { label });
          if (f.type === "email") return t("portal.fieldError.email", { label });
          return t("portal.fieldError.invalid", { label });
        case "format":
          return t("portal.fieldError.email", { label });
        case "options":
          return t("portal.fieldError.option", { label });
        case "min":
          return f.type === "date"
            ? t("portal.fieldError.dateFrom", { label, limit: limit(f.min) })
            : t("portal.fieldError.atLeast", { label, limit: limit(f.min) });
        case "max":
          return f.type === "date"
            ? t("portal.fieldError.dateUntil", { label, limit: limit(f.max) })
            : t("portal.fieldError.atMost", { label, limit: limit(f.max) });
        case "maxLength":
          return t("portal.fieldError.tooLong", { label, max: f.maxLength ?? 0 });
        case "pattern":
          return f.example
            ? t("portal.fieldError.patternExample", { label, example: isolate(f.example) })
            : t("portal.fieldError.pattern", { label });
      }
    },
    date(f: FieldDef, p: DateProblem): string {
      const label = isolate(f.label ?? f.key);
      if (p.kind === "missing") return t("portal.fieldError.dateMissing", { label, missing: missingParts(p) });
      if (p.kind === "year") return t("portal.fieldError.dateYear", { label });
      return t("portal.fieldError.dateReal", { label });
    },
  };
}

/**
 * A rule result's message in the page's language: a field rule Sealpost checks (`field:<key>:<rule>`)
 * is worded again from the field and its answer; a rule of the schema keeps its author's message, isolated.
 */
export function resultWords(t: Translator, boot: Bootstrap, r: ValidationResult, locale: string): string {
  const m = /^field:(.+):([A-Za-z]+)$/.exec(r.ruleId);
  if (!m) return isolate(r.message);
  const step = boot.steps.find((s) => s.fields.some((f) => f.key === m[1]));
  const f = step?.fields.find((x) => x.key === m[1]);
  if (!f) return r.message;
  const words = fieldWords(t, locale);
  return words.problem(f, { rule: m[2] as FieldProblem["rule"], message: r.message });
}

/** An answer as people read it, yes and no in the page's language, any other as typed or chosen (isolated); null when unanswered. */
export function answerWords(
  t: Translator,
  f: Pick<FieldDef, "type" | "optionLabels"> | undefined,
  v: unknown,
  locale: string,
): string | null {
  if (typeof v === "boolean") return v ? t("portal.answer.yes") : t("portal.answer.no");
  const text = answerText(f, v, locale);
  return text === null ? null : isolate(text);
}
