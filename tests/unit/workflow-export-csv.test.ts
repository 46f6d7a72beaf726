import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cellText, csvCell, csvDocument, csvLine } from "@/lib/workflow/export/csv";
import { safeFileName } from "@/lib/workflow/export/export-workflow";

/** Reads one RFC 4180 cell back: quotes removed, doubled quotes undone. */
const unquote = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);

describe("CSV cells", () => {
  it("prefixes every value a spreadsheet would read as a formula with an apostrophe", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+41 44")).toBe("'+41 44");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell("")).toBe("");
  });

  it("round-trips any text (with the apostrophe on formula starts) and never lets a cell start a formula", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        const out = unquote(csvCell(s));
        expect(out).toBe(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
        expect(/^[=+\-@\t\r]/.test(out)).toBe(false);
        // A quote inside an unquoted cell would break the line apart.
        if (!csvCell(s).startsWith('"')) expect(/[",\r\n]/.test(csvCell(s))).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it("ends lines with CRLF, starts the document with a BOM, and writes values as text", () => {
    expect(csvLine(["a", "b,c"])).toBe('a,"b,c"\r\n');
    expect(csvDocument(["h"], [["v"]])).toBe("\uFEFFh\r\nv\r\n");
    expect([cellText(null), cellText(undefined), cellText(3.5), cellText(false), cellText("x"), cellText(["a", 1])]).toEqual([
      "",
      "",
      "3.5",
      "false",
      "x",
      '["a",1]',
    ]);
  });

  it("makes safe file names", () => {
    expect(safeFileName('workflow-a/../"b"\r\n')).toBe("workflow-a_.._b_");
    expect(safeFileName("..")).toBe("workflow");
    fc.assert(fc.property(fc.string(), (s) => /^[A-Za-z0-9-][A-Za-z0-9._-]{0,79}$/.test(safeFileName(s))));
  });
});
