import type { FieldDef } from "@/lib/templates/types";

/**
 * One way to show an answer wherever people read it: dates and numbers in the reader's
 * language on the portal's pages (a German participant reads "10. März 2027" in a form written in
 * English), in the workflow's locale in the console and the sealed record; options by their labels. Pure, so the browser and the server format alike.
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A calendar day ("2027-02-01") as "1 February 2027" (en-GB) or "1. Februar 2027" (de-DE); other text as it is. */
export function dateText(day: string, locale: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  // UTC: a calendar day is no instant, and no time zone may move it to the day before.
  let f = dateFormats.get(locale);
  if (!f) dateFormats.set(locale, (f = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" })));
  return f.format(d);
}

/** 1250000.5 as "1,250,000.5" (en-GB) or "1.250.000,5" (de-DE), every digit kept. */
export function numberText(n: number, locale: string): string {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale, { maximumSignificantDigits: 21 })));
  return f.format(n);
}

/** An option's label from the schema, else its code. */
export const optionText = (f: Pick<FieldDef, "optionLabels">, code: string | number): string =>
  f.optionLabels?.[String(code)] ?? String(code);

/** A stored answer as people read it; null when unanswered. */
export function answerText(f: Pick<FieldDef, "type" | "optionLabels"> | undefined, v: unknown, locale: string): string | null {
  if (v === undefined || v === null || v === "") return null;
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "number") return f?.type === "enum" ? optionText(f, v) : numberText(v, locale);
  if (typeof v === "string") {
    if (f?.type === "enum") return optionText(f, v);
    if (f?.type === "date") return dateText(v, locale);
    return v;
  }
  return JSON.stringify(v);
}

/** A limit of a field (`min`/`max`) as the hint shows it. */
export function limitText(f: Pick<FieldDef, "type">, limit: string | number, locale: string): string {
  if (typeof limit === "number") return numberText(limit, locale);
  return f.type === "date" ? dateText(limit, locale) : limit;
}
