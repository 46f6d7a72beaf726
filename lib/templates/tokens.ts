import { words, type FindingWords } from "@/lib/i18n/words";
import { excerpt, excerptValue } from "./excerpt";

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

/** The longest file name a document may have. */
const MAX_FILE_NAME = 200;
/** What a file name may not hold: Windows refuses them, and a download would be renamed. */
const RESERVED = '< > : " | ? *';

/** Why a file name is unsafe (the API's English, and the same as words of the catalogues), or null when it is fine. */
export function safeFileName(name: string): { message: string; words: FindingWords } | null {
  const shown = excerptValue(name);
  if (!name.trim() || name.replace(/\.pdf$/i, "").trim() === "")
    return { message: "the file name is empty", words: words("finding.fileName.empty") };
  if (name.length > MAX_FILE_NAME)
    return {
      message: `the file name is longer than ${MAX_FILE_NAME} characters (${name.length.toLocaleString("en")})`,
      words: words("finding.fileName.tooLong", { most: MAX_FILE_NAME, length: name.length }),
    };
  if (/[/\\]/.test(name))
    return { message: `${excerpt(name)} contains a path separator`, words: words("finding.fileName.separator", { name: shown }) };
  if (name.includes("..")) return { message: `${excerpt(name)} contains '..'`, words: words("finding.fileName.dots", { name: shown }) };
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\x00-\x1f\x7f]/.test(name))
    return { message: "the file name contains control characters", words: words("finding.fileName.control") };
  if (/[<>:"|?*]/.test(name))
    return {
      message: `${excerpt(name)} contains one of ${RESERVED}`,
      words: words("finding.fileName.reserved", { name: shown, characters: RESERVED }),
    };
  return null;
}
