"use client";
import { useTranslations } from "next-intl";
import type { Control, UseFormRegister } from "react-hook-form";
import { DateInput } from "@/components/DateInput";
import { Checkbox, Radios, Select, Textarea, TextInput } from "@/components/Field";
import { exampleDate } from "@/lib/date-parts";
import { isolate } from "@/lib/i18n/isolate";
import type { Translator } from "@/lib/i18n/translator";
import type { FieldDef } from "@/lib/templates/types";
import type { FormValues } from "@/lib/workflow/validation/form-rules";
import { limitText, optionText } from "@/lib/format/show-value";
import { fieldId, labelOf } from "./bootstrap";

/** The number hint of a field's limits: a number, or a whole one, from, at least or at most. */
function numberHint(t: Translator, whole: boolean, min: string | undefined, max: string | undefined): string {
  if (min !== undefined && max !== undefined)
    return whole ? t("portal.hint.wholeRange", { min, max }) : t("portal.hint.numberRange", { min, max });
  if (min !== undefined) return whole ? t("portal.hint.wholeMin", { min }) : t("portal.hint.numberMin", { min });
  return whole ? t("portal.hint.wholeMax", { max: max! }) : t("portal.hint.numberMax", { max: max! });
}

/**
 * The hint a field's own limits give, so the participant knows them before an error says so: whole
 * sentences in the page's language, the limits written as that language writes dates and numbers.
 */
export function hintOf(t: Translator, f: FieldDef, locale: string): string | undefined {
  const parts: string[] = [];
  const min = f.min === undefined ? undefined : limitText(f, f.min, locale);
  const max = f.max === undefined ? undefined : limitText(f, f.max, locale);
  if ((f.type === "number" || f.type === "integer") && (min !== undefined || max !== undefined))
    parts.push(numberHint(t, f.type === "integer", min, max));
  else if (f.type === "integer") parts.push(t("portal.hint.whole"));
  if (f.type === "date" && min !== undefined) parts.push(t("portal.hint.dateFrom", { min }));
  if (f.type === "date" && max !== undefined) parts.push(t("portal.hint.dateUntil", { max }));
  // The three boxes take numbers: the example shows how ("For example, 27 3 2027").
  if (f.type === "date") {
    const example = exampleDate(f.min === undefined ? undefined : String(f.min), f.max === undefined ? undefined : String(f.max));
    parts.push(t("portal.hint.dateExample", example));
  }
  if (f.maxLength !== undefined && (f.type === "string" || f.type === undefined))
    parts.push(t("portal.hint.maxLength", { max: f.maxLength }));
  return parts.length ? parts.join(" ") : undefined;
}

/** One schema field as the design system's control for its type, wired to react-hook-form (a date's three boxes through `control`). */
export function FieldControl({
  field: f,
  locale,
  register,
  control,
  error,
  note,
}: {
  field: FieldDef;
  locale: string;
  register: UseFormRegister<FormValues>;
  control: Control<FormValues>;
  error?: string;
  note?: string;
}) {
  const t = useTranslations();
  const id = fieldId(f.key);
  // The template's words are isolated (lib/i18n/isolate.ts): in a page right to left, an English label keeps its order.
  const name = isolate(labelOf(f));
  const label = f.required || f.type === "boolean" ? name : t("portal.step.optional", { label: name });
  const common = { id, label, hint: hintOf(t, f, locale), error, note };
  if (f.type === "date") return <DateInput {...common} control={control} name={f.key} />;
  const reg = register(f.key);
  switch (f.type) {
    case "boolean":
      return <Checkbox {...common} {...reg} />;
    case "enum": {
      const options = f.options!.map((o) => ({ value: String(o), label: isolate(optionText(f, o)) }));
      return options.length <= 5 ? <Radios {...common} options={options} {...reg} /> : <Select {...common} options={options} {...reg} />;
    }
    case "email":
      return <TextInput {...common} type="email" autoComplete="email" spellCheck={false} width="20" {...reg} />;
    case "number":
    case "integer":
      return <TextInput {...common} inputMode={f.type === "integer" ? "numeric" : "decimal"} spellCheck={false} width="10" {...reg} />;
    default:
      return (f.maxLength ?? 0) > 200 ? (
        <Textarea {...common} {...reg} />
      ) : (
        <TextInput {...common} width={f.maxLength !== undefined && f.maxLength <= 20 ? "10" : "full"} {...reg} />
      );
  }
}
