import type { UseFormRegister } from "react-hook-form";
import { Checkbox, DateInput, Radios, Select, Textarea, TextInput } from "@/components/Field";
import type { FieldDef } from "@/lib/templates/types";
import type { FormValues } from "@/lib/workflow/form-rules";
import { fieldId, labelOf } from "./bootstrap";

/** The hint a field's own limits give, so the participant knows them before an error says so. */
function hintOf(f: FieldDef): string | undefined {
  const parts: string[] = [];
  if ((f.type === "number" || f.type === "integer") && (f.min !== undefined || f.max !== undefined)) {
    const whole = f.type === "integer" ? "A whole number" : "A number";
    parts.push(f.min !== undefined && f.max !== undefined ? `${whole} from ${f.min} to ${f.max}` : f.min !== undefined ? `${whole}, at least ${f.min}` : `${whole}, at most ${f.max}`);
  } else if (f.type === "integer") parts.push("A whole number");
  if (f.type === "date" && f.min !== undefined) parts.push(`On or after ${f.min}`);
  if (f.type === "date" && f.max !== undefined) parts.push(`On or before ${f.max}`);
  if (f.maxLength !== undefined && (f.type === "string" || f.type === undefined)) parts.push(`Up to ${f.maxLength} characters`);
  return parts.length ? parts.join(". ") : undefined;
}

/** One schema field as the design system's control for its type, wired to react-hook-form. */
export function FieldControl({ field: f, register, error, note }: { field: FieldDef; register: UseFormRegister<FormValues>; error?: string; note?: string }) {
  const id = fieldId(f.key);
  const label = f.required || f.type === "boolean" ? labelOf(f) : `${labelOf(f)} (optional)`;
  const common = { id, label, hint: hintOf(f), error, note };
  const reg = register(f.key);
  switch (f.type) {
    case "boolean":
      return <Checkbox {...common} {...reg} />;
    case "enum": {
      const options = f.options!.map((o) => ({ value: String(o), label: String(o) }));
      return options.length <= 5 ? <Radios {...common} options={options} {...reg} /> : <Select {...common} options={options} {...reg} />;
    }
    case "date":
      return <DateInput {...common} {...reg} />;
    case "email":
      return <TextInput {...common} type="email" autoComplete="email" spellCheck={false} width="20" {...reg} />;
    case "number":
    case "integer":
      return <TextInput {...common} inputMode={f.type === "integer" ? "numeric" : "decimal"} spellCheck={false} width="10" {...reg} />;
    default:
      return (f.maxLength ?? 0) > 200 ? <Textarea {...common} {...reg} /> : <TextInput {...common} width={f.maxLength !== undefined && f.maxLength <= 20 ? "10" : "full"} {...reg} />;
  }
}
