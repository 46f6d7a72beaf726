import { describe, expect, it } from "vitest";
import { previewRecords } from "@/lib/batch/preview-records";
import { recordsFromText, recordsProblemText } from "@/lib/batch/records-from-text";
import { resolveDistribution } from "@/lib/batch/resolve-distribution";
import { checkRecords } from "@/lib/batch/validate-records";
import { fieldSchema } from "@/lib/templates/front-matter";
import { loadTemplate } from "@/lib/templates/load-template";
import { useTemplatesDir } from "../support/templates-dir";

useTemplatesDir();

const fields = [
  { key: "customerId", label: "Customer id", type: "string" },
  { key: "amount", type: "number" },
  { key: "paid", type: "boolean" },
  { key: "zip", type: "string" },
].map((f) => fieldSchema.parse(f));

describe("records from CSV", () => {
  it("maps headings to fields by key or label, types cells by the field, and leaves empty cells out", () => {
    const r = recordsFromText("Customer id,amount,paid,zip,recipientEmail\nC101,12.5,TRUE,00123,a@example.test\nC102,,false,,\n", fields);
    expect(r.problems).toEqual([]);
    expect(r.records).toEqual([
      { customerId: "C101", amount: 12.5, paid: true, zip: "00123", recipientEmail: "a@example.test" },
      { customerId: "C102", paid: false },
    ]);
    expect(r.unknownColumns).toEqual([]);
  });

  it("keeps text that spells no number, so that intake words the problem", () => {
    expect(recordsFromText("amount\ntwelve\n", fields).records).toEqual([{ amount: "twelve" }]);
  });

  it("reads a BOM, semicolons, quoted newlines, and reports columns that name no field", () => {
    const r = recordsFromText('\uFEFFcustomerId;note;amount\nC101;"two\nlines";3\n', fields);
    expect(r.problems).toEqual([]);
    expect(r.records).toEqual([{ customerId: "C101", note: "two\nlines", amount: 3 }]);
    expect(r.unknownColumns).toEqual(["note"]);
  });

  it("keeps a formula-looking cell as the text it is (documents are PDFs, never spreadsheets)", () => {
    expect(recordsFromText('customerId\n=HYPERLINK("x")\n', fields).records).toEqual([{ customerId: '=HYPERLINK("x")' }]);
  });

  it("takes a __proto__ heading as data", () => {
    const [rec] = recordsFromText("__proto__,customerId\nx,C1\n", fields).records;
    expect(Object.getPrototypeOf(rec)).toBe(Object.prototype);
    expect(Object.keys(rec)).toEqual(["__proto__", "customerId"]);
  });

  it("refuses rows longer than the header, two columns for one field, and broken quotes", () => {
    expect(recordsFromText("customerId,amount\nC1,2,3\n", fields).problems).toEqual([
      { code: "csv.longRow", row: 2, values: 3, columns: 2 },
    ]);
    expect(recordsFromText("customerId,Customer id\nC1,C2\n", fields).problems).toEqual([
      { code: "csv.repeatedColumns", fields: ["customerId"] },
    ]);
    const [quote] = recordsFromText('customerId,amount\n"C1,2\n', fields).problems;
    expect(quote).toMatchObject({ code: "csv.quotes", row: expect.any(Number) });
    // The API says them in English.
    expect(recordsProblemText({ code: "csv.longRow", row: 2, values: 3, columns: 2 })).toBe(
      "Row 2 has 3 values but the first row names 2 columns",
    );
    expect(recordsProblemText({ code: "csv.repeatedColumns", fields: ["customerId"] })).toBe("Two columns name the same field: customerId");
    expect(recordsProblemText(quote)).toMatch(/^Row \d+: .*quote/i);
  });
});

describe("records from JSON Lines", () => {
  it("takes each line's object as it is, types included", () => {
    const r = recordsFromText('{"customerId":"C1","amount":"3","extra":1}\n\n{"customerId":"C2"}\n', fields);
    expect(r.records).toEqual([{ customerId: "C1", amount: "3", extra: 1 }, { customerId: "C2" }]);
    expect(r.unknownColumns).toEqual(["extra"]);
  });

  it("names the lines that are not JSON objects", () => {
    const { problems } = recordsFromText('{"a":1}\n[1]\n{oops\n', fields);
    expect(problems).toEqual([
      { code: "jsonl.notObject", line: 2 },
      { code: "jsonl.invalid", line: 3 },
    ]);
    expect(problems.map(recordsProblemText)).toEqual(["Line 2 is not a JSON object", "Line 3 is not valid JSON"]);
  });
});

describe("the preview", () => {
  it("has intake's own findings, with field and severity, in the receipt's order", async () => {
    const csv =
      "customerId,name,amount,recipientEmail,nickname\nC101,Ann,5,ann@example.test,\nC102,Bob,99999,bob@example.test,a long nickname\nX,Cy,1,,\n";
    const preview = await previewRecords("letter.md", csv, { warning: 25, max: 100 });
    if (preview.kind !== "read") throw new Error(preview.problems.map(recordsProblemText).join("; "));
    const template = await loadTemplate("letter.md");
    const intake = await checkRecords(template, preview.records, resolveDistribution(template.distribution, undefined), undefined);
    expect(preview.check).toEqual(intake);
    expect(preview.check!.counts).toEqual({ total: 3, ready: 1, warning: 0, invalid: 2 });
    expect(preview.check!.records[1].findings).toEqual([
      {
        field: "amount",
        severity: "error",
        message: "amount: must be at most 10000",
        text: "Amount must be at most 10000",
        words: { key: "finding.field.atMost", values: { label: "Amount", limit: 10000 } },
      },
      {
        field: "nickname",
        severity: "warning",
        message: "nickname: must be at most 10 characters",
        text: expect.stringMatching(/ must be at most 10 characters$/),
        words: { key: "finding.field.tooLong", values: { label: expect.any(String), max: 10 } },
      },
    ]);
    expect(preview.check!.records[2].findings.map((f) => f.field)).toEqual(["customerId", "recipientEmail"]);
    expect(preview.check!.records[1].messages).toEqual(preview.check!.records[1].findings.map((f) => f.message));
  });

  it("does not check a list above the maximum, and says why", async () => {
    const csv = `customerId\n${Array.from({ length: 6 }, (_, i) => `C10${i}`).join("\n")}\n`;
    const preview = await previewRecords("letter.md", csv, { warning: 3, max: 5 });
    expect(preview).toMatchObject({
      kind: "read",
      check: null,
      decision: { kind: "blocked", message: "You have selected 6 records. Select 5 or fewer records to send them in one batch." },
    });
  });

  it("reads 10,000 rows quickly and blocks them without checking each", async () => {
    const csv = `customerId,name\n${Array.from({ length: 10_000 }, (_, i) => `C${1000 + i},Name ${i}`).join("\n")}\n`;
    const started = performance.now();
    const preview = await previewRecords("letter.md", csv, { warning: 25, max: 100 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(preview).toMatchObject({
      kind: "read",
      check: null,
      decision: { kind: "blocked", message: "You have selected 10,000 records. Select 100 or fewer records to send them in one batch." },
    });
  });

  it("calls a header without rows unreadable", async () => {
    expect(await previewRecords("letter.md", "customerId,name\n", { warning: 25, max: 100 })).toEqual({
      kind: "unreadable",
      problems: [{ code: "noRecords" }],
    });
  });
});
