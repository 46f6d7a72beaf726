import { readFile } from "node:fs/promises";
import { basename, extname } from "node:path";
import { CliError, EXIT } from "./output";
import { readStdin } from "./prompt";

/** A records file as the API takes it: a JSON array as dataSource, anything else as text the server reads (CSV or JSON Lines). */
export type RecordsInput = { dataSource: Record<string, unknown>[] } | { recordsText: string };

/**
 * Reads `path` (or stdin for "-"). Text must be UTF-8, as a spreadsheet writes it when asked for
 * "CSV UTF-8": anything else would change names silently (Zoë read as ZoÃ«), so it is refused,
 * naming the first line that is not. A `.json` file holds one array of objects.
 */
export async function readRecordsFile(path: string): Promise<RecordsInput> {
  const name = path === "-" ? "stdin" : basename(path);
  const bytes =
    path === "-"
      ? await readStdin()
      : await readFile(path).catch((err: NodeJS.ErrnoException) => {
          throw new CliError(`Cannot read ${path}: ${err.code === "ENOENT" ? "no such file" : err.message}`, EXIT.records);
        });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new CliError(`${name} is not UTF-8 text (line ${firstBadLine(bytes)}): save it as CSV UTF-8 or JSON`, EXIT.records);
  }
  if (text.includes("\u0000")) throw new CliError(`${name} is not a CSV, JSON Lines or JSON file`, EXIT.records);
  if (extname(path).toLowerCase() !== ".json") return { recordsText: text };

  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (err) {
    throw new CliError(`${name} is not valid JSON: ${(err as Error).message}`, EXIT.records);
  }
  if (!Array.isArray(value)) throw new CliError(`${name} must hold a JSON array of records (objects)`, EXIT.records);
  const notObject = value.findIndex((r) => r === null || typeof r !== "object" || Array.isArray(r));
  if (notObject >= 0) throw new CliError(`${name}: record ${notObject + 1} is not a JSON object`, EXIT.records);
  return { dataSource: value as Record<string, unknown>[] };
}

/** The 1-based line of the first byte sequence that is not UTF-8. */
function firstBadLine(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let line = 1;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    try {
      decoder.decode(bytes.subarray(start, i));
    } catch {
      return line;
    }
    line++;
    start = i + 1;
  }
  return line;
}
