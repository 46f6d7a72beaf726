import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";

/** A command-line PDF tool's exit status and its output (stdout then stderr). */
export function runTool(cmd: string, args: string[]): { status: number | null; out: string } {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  if (r.error) throw r.error;
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** poppler's pdfsig report of a file, one block per signature, in the file's order. */
export const pdfsigBlocks = (file: string, options: string[]): string[] =>
  runTool("pdfsig", [...options, file])
    .out.split(/^Signature #\d+:/m)
    .slice(1);

/** pdffonts' lines (past its two heading lines) for the fonts of `after` that `before` lacks, named alike. */
export function fontsAdded(before: string, after: string): string[] {
  const lines = (file: string) =>
    runTool("pdffonts", [file])
      .out.split("\n")
      .slice(2)
      .filter((l) => l.trim());
  const had = new Set(lines(before).map((l) => l.split(/\s+/)[0]));
  return lines(after).filter((l) => !had.has(l.split(/\s+/)[0]));
}

/** qpdf --check finds nothing wrong with the bytes (written to `dir`, or a temporary folder, to be read). */
export function expectQpdfClean(bytes: Uint8Array, dir?: string): void {
  const folder = dir ?? fs.mkdtempSync(path.join(tmpdir(), "sealpost-qpdf-"));
  try {
    const file = path.join(folder, "checked.pdf");
    fs.writeFileSync(file, bytes);
    const r = runTool("qpdf", ["--check", file]);
    expect(r.out).toContain("No syntax or stream encoding errors found");
    expect(r.status).toBe(0);
  } finally {
    if (!dir) fs.rmSync(folder, { recursive: true, force: true });
  }
}
