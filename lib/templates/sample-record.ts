import type { FieldDef } from "./types";

/** Candidate texts for a text field, by what its key or label says it holds; the first that fits the field's pattern and length wins. */
const TEXT_BY_MEANING: Array<[RegExp, string[]]> = [
  [/manager|contact|agent|advisor/i, ["Kim Lee"]],
  [/name/i, ["Ann Smith", "Ann"]],
  [/(^|[a-z_])(id|Id|ID)$|number|no$|ref|code|account|customer/, ["C1001", "A-1001", "1001", "REF-1001"]],
  [/phone|tel/i, ["+44 20 7946 0000"]],
  [/city|town/i, ["Bristol"]],
  [/country/i, ["United Kingdom", "GB"]],
  [/street|address/i, ["1 High Street"]],
];
const TEXT_FALLBACKS = ["Sample text", "Sample", "C1001", "A-1001", "1001", "REF-1001", "A"];

const clamp = (v: number, min: unknown, max: unknown) =>
  Math.min(max === undefined ? v : Number(max), Math.max(min === undefined ? v : Number(min), v));

/** A date 30 days after `today` (YYYY-MM-DD), within the field's limits. */
function sampleDate(f: FieldDef, today: Date): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 30)).toISOString().slice(0, 10);
  if (f.min !== undefined && d < String(f.min)) return String(f.min);
  if (f.max !== undefined && d > String(f.max)) return String(f.max);
  return d;
}

function sampleText(f: FieldDef, pattern: RegExp | undefined): string | undefined {
  const said = [f.key, f.label ?? ""];
  const candidates = [...TEXT_BY_MEANING.filter(([re]) => said.some((s) => re.test(s))).flatMap(([, texts]) => texts), ...TEXT_FALLBACKS];
  return candidates.find((c) => (f.maxLength === undefined || c.length <= f.maxLength) && (!pattern || pattern.test(c)));
}

/**
 * A record an author can start a preview from: every field given a plausible value within its own
 * limits (numbers between min and max, a date a month ahead, the first option, an address at
 * example.test). A text field whose pattern none of the candidates fits is left out: the preview then
 * names it, which is more honest than a value that only looks right.
 */
export function sampleRecord(fields: FieldDef[], patterns: Map<string, RegExp> = new Map(), today = new Date()): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const f of fields) {
    let v: unknown;
    switch (f.type) {
      case "number":
        v = clamp(120.5, f.min, f.max);
        break;
      case "integer":
        v = Math.round(clamp(3, f.min, f.max));
        break;
      case "boolean":
        v = true;
        break;
      case "date":
        v = sampleDate(f, today);
        break;
      case "email":
        v = "ann.smith@example.test";
        break;
      case "enum":
        v = f.options?.[0];
        break;
      default:
        v = sampleText(f, patterns.get(f.key));
    }
    if (v !== undefined) record[f.key] = v;
  }
  return record;
}
