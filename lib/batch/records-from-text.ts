import Papa from "papaparse";
import type { FieldDef } from "@/lib/templates/types";

/**
 * Records given as text, the way a person exports them: CSV (a header row, then one row per record)
 * or JSON Lines (one object per line). Used by the console's new batch page; the API takes JSON.
 */
export interface RecordsFromText {
  records: Record<string, unknown>[];
  format: "csv" | "jsonl";
  /** Columns (or JSON keys) that name no field of the template: kept with each record, as the API keeps them, but not checked. */
  unknownColumns: string[];
  /** Why the text could not be read as records at all; records is then empty. */
  problems: RecordsProblem[];
}

/**
 * Why text could not be read as records, as codes with their numbers: the console's page words them
 * in its language, the API in English (recordsProblemText). Rows and lines count from 1.
 */
export type RecordsProblem =
  | { code: "csv.quotes"; row: number; detail: string }
  | { code: "csv.unreadable"; row: number; detail: string }
  | { code: "csv.noHeader" }
  | { code: "csv.repeatedColumns"; fields: string[] }
  | { code: "csv.longRow"; row: number; values: number; columns: number }
  | { code: "jsonl.invalid"; line: number }
  | { code: "jsonl.notObject"; line: number }
  | { code: "noRecords" };

/** A problem in English, for the API's answers (the papaparse detail of a row it could not read). */
export function recordsProblemText(p: RecordsProblem): string {
  switch (p.code) {
    case "csv.quotes":
    case "csv.unreadable":
      return `Row ${p.row}: ${p.detail}`;
    case "csv.noHeader":
      return "There are no rows: the first row must name the columns";
    case "csv.repeatedColumns":
      return `Two columns name the same field: ${p.fields.join(", ")}`;
    case "csv.longRow":
      return `Row ${p.row} has ${p.values} values but the first row names ${p.columns} columns`;
    case "jsonl.invalid":
      return `Line ${p.line} is not valid JSON`;
    case "jsonl.notObject":
      return `Line ${p.line} is not a JSON object`;
    case "noRecords":
      return "There are no records: only a header row, or nothing but empty lines";
  }
}

/** Record keys intake reads although a template need not declare them (lib/batch/recipients.ts). */
const RECORD_KEYS = ["recipientEmail", "recipientName"];
const MAX_PROBLEMS = 5;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const squash = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, "");

export function recordsFromText(text: string, fields: FieldDef[]): RecordsFromText {
  const body = text.replace(/^\uFEFF/, "");
  return /^\s*\{/.test(body) ? fromJsonLines(body, fields) : fromCsv(body, fields);
}

/**
 * A heading names a field by its key, or by its key or label written another way ("Customer id",
 * "customer_id"): spreadsheets are made by people who read labels.
 */
function fieldForHeading(heading: string, fields: FieldDef[]): string | null {
  const h = heading.trim();
  const exact =
    fields.find((f) => f.key === h) ??
    fields.find((f) => squash(f.key) === squash(h) || (f.label !== undefined && squash(f.label) === squash(h)));
  if (exact) return exact.key;
  return RECORD_KEYS.find((k) => squash(k) === squash(h)) ?? null;
}

/**
 * A CSV cell is text; the template says what it should be. A number or boolean field gets the number
 * or boolean the text spells, and keeps the text when it spells none, so that intake reports it in its
 * own words ("amount: must be a number"). Text fields stay text: leading zeros and "+44…" survive.
 */
function cellValue(cell: string, field: FieldDef | undefined): unknown {
  if (field?.type === "number" || field?.type === "integer") return NUMBER.test(cell) ? Number(cell) : cell;
  if (field?.type === "boolean") return /^(true|false)$/i.test(cell) ? cell.toLowerCase() === "true" : cell;
  return cell;
}

function fromCsv(text: string, fields: FieldDef[]): RecordsFromText {
  // The delimiter is guessed (comma, semicolon, tab…): a spreadsheet in a comma-decimal locale writes semicolons.
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: "greedy", delimiter: "" });
  const problems: RecordsProblem[] = parsed.errors
    // A one-column file has no delimiter to find; that is not a fault.
    .filter((e) => e.code !== "UndetectableDelimiter")
    .slice(0, MAX_PROBLEMS)
    .map((e) => ({
      code: e.code === "MissingQuotes" || e.code === "InvalidQuotes" ? "csv.quotes" : "csv.unreadable",
      row: (e.row ?? 0) + 1,
      detail: e.message,
    }));
  const [header, ...rows] = parsed.data;
  if (!problems.length && !header) problems.push({ code: "csv.noHeader" });
  if (problems.length) return { records: [], format: "csv", unknownColumns: [], problems };

  const keys = header.map((h) => fieldForHeading(h, fields) ?? h.trim());
  const unknownColumns = header
    .filter((h, i) => fieldForHeading(h, fields) === null && h.trim() !== "" && keys.indexOf(keys[i]) === i)
    .map((h) => h.trim());
  const repeated = keys.filter((k, i) => k !== "" && keys.indexOf(k) !== i);
  if (repeated.length) problems.push({ code: "csv.repeatedColumns", fields: [...new Set(repeated)] });
  rows.forEach((row, i) => {
    if (row.length > header.length && row.slice(header.length).some((c) => c.trim() !== "") && problems.length < MAX_PROBLEMS) {
      problems.push({ code: "csv.longRow", row: i + 2, values: row.length, columns: header.length });
    }
  });
  if (problems.length) return { records: [], format: "csv", unknownColumns, problems };

  const byKey = new Map(fields.map((f) => [f.key, f]));
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    keys.forEach((key, i) => {
      const cell = (row[i] ?? "").trim();
      // An empty cell is a value not given: a required field then says so.
      // Defined, not assigned: a column headed "__proto__" is data, not the record's prototype.
      if (key !== "" && cell !== "")
        Object.defineProperty(record, key, {
          value: cellValue(cell, byKey.get(key)),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    });
    return record;
  });
  return { records, format: "csv", unknownColumns, problems };
}

function fromJsonLines(text: string, fields: FieldDef[]): RecordsFromText {
  const records: Record<string, unknown>[] = [];
  const problems: RecordsProblem[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "" || problems.length >= MAX_PROBLEMS) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      problems.push({ code: "jsonl.invalid", line: i + 1 });
      return;
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) problems.push({ code: "jsonl.notObject", line: i + 1 });
    else records.push(value as Record<string, unknown>);
  });
  if (problems.length) return { records: [], format: "jsonl", unknownColumns: [], problems };
  return { records, format: "jsonl", unknownColumns: unknownKeys(records, fields), problems };
}

/** Keys of the records that name no field of the template and are not recipient keys, each once. */
export function unknownKeys(records: Record<string, unknown>[], fields: FieldDef[]): string[] {
  const known = new Set([...fields.map((f) => f.key), ...RECORD_KEYS]);
  return [...new Set(records.flatMap((r) => Object.keys(r)))].filter((k) => !known.has(k));
}
