import type { FieldDef } from "@/lib/templates/types";
import { answerText } from "@/lib/format/show-value";
import { parseRecipients } from "./recipients";

/** How much of a record people see beside it (the New batch page, a batch's page, the intake receipt). */
const SHOWN_FIELDS = 3;
const SHOWN_CHARS = 60;

export interface RecordDetails {
  /** The template's first fields that have a value, by label, as people read them, shortened. */
  fields: Array<{ label: string; value: string }>;
  /** Whom the record's document goes to: "Name <address>", or the address alone. */
  recipients: string[];
}

const shorten = (s: string) => (s.length > SHOWN_CHARS ? `${s.slice(0, SHOWN_CHARS)}…` : s);

/**
 * Enough of a record for a person to tell it from the others and see what it says: the template's
 * first fields with a value (recipients apart), and its recipients. An approver decides on this.
 */
export function recordDetails(
  template: { fields: Array<Pick<FieldDef, "key" | "label" | "type" | "optionLabels">>; locale: string },
  data: Record<string, unknown>,
): RecordDetails {
  const fields = template.fields
    .filter((f) => f.key !== "recipientEmail" && f.key !== "recipientName")
    .flatMap((f) => {
      const text = answerText(f, data[f.key], template.locale);
      return text === null ? [] : [{ label: f.label ?? f.key, value: shorten(text) }];
    })
    .slice(0, SHOWN_FIELDS);
  const recipients = parseRecipients(data).recipients.map((r) => shorten(r.name ? `${r.name} <${r.email}>` : r.email));
  return { fields, recipients };
}

/** The fields a record's details are read through when its template no longer loads: its own keys, as text. */
export const fieldsOfData = (data: Record<string, unknown>) => Object.keys(data).map((key) => ({ key, type: "string" as const }));
