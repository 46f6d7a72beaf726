/**
 * The records a person gives on the new batch page: a file, or text pasted into the page. Checked in
 * the browser before anything is sent (the file's name and size) and again on the server, which also
 * decodes it (records-text.ts). Nothing here may need the server: the page's script imports it. The
 * refusals are codes, which the page words in its language (GOV.UK's file upload wording in English).
 */
import type { RecordsProblem } from "@/lib/batch/records-from-text";

/** The size limit, in megabytes as the page says it. */
export const RECORDS_MAX_MEGABYTES = 1;
export const RECORDS_MAX_BYTES = RECORDS_MAX_MEGABYTES * 1024 * 1024;
/** What the file picker offers; a spreadsheet's own format (.xlsx) must be saved as CSV first. */
export const RECORDS_FILE_TYPES = [".csv", ".tsv", ".txt", ".jsonl", ".ndjson"];

export const FILE_ID = "records-file";
export const TEXT_ID = "records-text";

/**
 * Why the page does not go on, for its error summary: the records given (how they were given, or what
 * they hold), the template, the thresholds, the approvers; `other` carries a refusal of the API's
 * own, in its English detail.
 */
export type NewBatchRefusal =
  | { code: "file.type" }
  | { code: "file.empty" }
  | { code: "file.tooBig" }
  | { code: "file.notUtf8" }
  | { code: "input.both" }
  | { code: "input.none" }
  | { code: "text.tooBig" }
  | { code: "text.unstorable"; character: "nul" | "surrogate" }
  | { code: "records"; problem: RecordsProblem }
  | { code: "template.none" }
  | { code: "template.unusable" }
  | { code: "tooMany"; count: number; max: number }
  | { code: "invalidRecords"; count: number }
  | { code: "confirm"; count: number }
  | { code: "nobodyApproves" }
  | { code: "cannotSend" }
  | { code: "other"; detail: string };

export interface InputError {
  targetId: string;
  refusal: NewBatchRefusal;
}

/** What can be said of a chosen file from its name and size alone. */
export function fileProblem(file: { name: string; size: number }): NewBatchRefusal | null {
  const name = file.name.toLowerCase();
  if (!RECORDS_FILE_TYPES.some((ext) => name.endsWith(ext))) return { code: "file.type" };
  if (file.size === 0) return { code: "file.empty" };
  if (file.size > RECORDS_MAX_BYTES) return { code: "file.tooBig" };
  return null;
}

/** Exactly one of a file and pasted text, each within the limits. */
export function inputProblem(file: { name: string; size: number } | null, text: string): InputError | null {
  const pasted = text.trim() !== "";
  if (file && pasted) return { targetId: TEXT_ID, refusal: { code: "input.both" } };
  if (file) {
    const why = fileProblem(file);
    return why ? { targetId: FILE_ID, refusal: why } : null;
  }
  if (!pasted) return { targetId: FILE_ID, refusal: { code: "input.none" } };
  if (new TextEncoder().encode(text).length > RECORDS_MAX_BYTES) return { targetId: TEXT_ID, refusal: { code: "text.tooBig" } };
  return null;
}
