/**
 * The records a person gives on the new batch page: a file, or text pasted into the page. Checked in
 * the browser before anything is sent (the file's name and size) and again on the server, which also
 * decodes it (records-text.ts). Nothing here may need the server: the page's script imports it. The messages are GOV.UK's file upload wording.
 */
export const RECORDS_MAX_BYTES = 1024 * 1024;
export const RECORDS_MAX_LABEL = "1 MB";
/** What the file picker offers; a spreadsheet's own format (.xlsx) must be saved as CSV first. */
export const RECORDS_FILE_TYPES = [".csv", ".tsv", ".txt", ".jsonl", ".ndjson"];

export const FILE_ID = "records-file";
export const TEXT_ID = "records-text";

export interface InputError {
  targetId: string;
  message: string;
}

/** What can be said of a chosen file from its name and size alone. */
export function fileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!RECORDS_FILE_TYPES.some((ext) => name.endsWith(ext))) return "The selected file must be a CSV or JSON Lines file";
  if (file.size === 0) return "The selected file is empty";
  if (file.size > RECORDS_MAX_BYTES) return `The selected file must be smaller than ${RECORDS_MAX_LABEL}`;
  return null;
}

/** Exactly one of a file and pasted text, each within the limits. */
export function inputProblem(file: { name: string; size: number } | null, text: string): InputError | null {
  const pasted = text.trim() !== "";
  if (file && pasted) return { targetId: TEXT_ID, message: "Upload a file or paste the records, not both" };
  if (file) {
    const why = fileProblem(file);
    return why ? { targetId: FILE_ID, message: why } : null;
  }
  if (!pasted) return { targetId: FILE_ID, message: "Select a CSV file, or paste the records" };
  if (new TextEncoder().encode(text).length > RECORDS_MAX_BYTES)
    return { targetId: TEXT_ID, message: `The pasted records must be ${RECORDS_MAX_LABEL} or less` };
  return null;
}
