import { excerpt } from "./excerpt";

const FIELD_TOKEN = /\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g;
const BATCH_TOKEN = /\{(BATCHID_1|BATCHID)\}/g;

/** The text form of a record value inside documents, names and ids. */
export function displayValue(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

export function lookup(record: Record<string, unknown>, key: string): unknown {
  let cur: unknown = record;
  for (const part of key.split(".")) {
    if (cur === null || typeof cur !== "object" || !Object.hasOwn(cur, part)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Fills {{field}} tokens from the record and {BATCHID}/{BATCHID_1} from `extra`; reports tokens without a value. */
export function resolveTokens(
  pattern: string,
  record: Record<string, unknown>,
  extra: Record<string, string> = {},
): { value: string; missing: string[] } {
  const missing: string[] = [];
  const value = pattern
    .replace(FIELD_TOKEN, (_, key: string) => {
      const v = displayValue(lookup(record, key));
      if (v === "") missing.push(key);
      return v;
    })
    .replace(BATCH_TOKEN, (whole, key: string) => extra[key] ?? whole);
  return { value, missing };
}

export const ensurePdfExtension = (name: string): string => (/\.pdf$/i.test(name) ? name : `${name}.pdf`);

/** Why a file name is unsafe, or null when it is fine. */
export function safeFileName(name: string): string | null {
  if (!name.trim() || name.replace(/\.pdf$/i, "").trim() === "") return "the file name is empty";
  if (name.length > 200) return `the file name is longer than 200 characters (${name.length.toLocaleString("en")})`;
  if (/[/\\]/.test(name)) return `${excerpt(name)} contains a path separator`;
  if (name.includes("..")) return `${excerpt(name)} contains '..'`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\x00-\x1f\x7f]/.test(name)) return "the file name contains control characters";
  if (/[<>:"|?*]/.test(name)) return `${excerpt(name)} contains one of < > : " | ? *`;
  return null;
}
