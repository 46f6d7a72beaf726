import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { templateOf } from "../support/template-of";
import { normalizeValues } from "@/lib/templates/normalize-value";
import { validateRecord } from "@/lib/templates/validate-record";
import { checkSavedValues } from "@/lib/workflow/validation/check-fields";
import { ensurePdfExtension, resolveTokens, safeFileName } from "@/lib/templates/tokens";

const template = templateOf;

const t = template([
  { key: "id", type: "string", required: true, pattern: "^C\\d{3}$", maxLength: 4 },
  { key: "amount", type: "number", min: 0, max: 100 },
  { key: "count", type: "integer", min: 1 },
  { key: "ok", type: "boolean" },
  { key: "due", type: "date", min: "2026-01-01", max: "2026-12-31" },
  { key: "recipientEmail", type: "email" },
  { key: "contact", type: "email" },
  { key: "plan", type: "enum", options: ["basic", "plus"] },
  { key: "nick", type: "string", maxLength: 5, severity: "warning" },
]);

const messagesFor = (record: Record<string, unknown>) => validateRecord(t, { id: "C123", ...record }).messages;

describe("findings people can act on", () => {
  const iban = template([
    {
      key: "iban",
      label: "IBAN",
      type: "string",
      pattern: "^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$",
      example: "DE89 3704 0044 0532 0130 00",
      normalize: ["remove-spaces", "uppercase"],
    },
    { key: "vat", label: "VAT number", type: "string", pattern: "^[A-Z]{2}[0-9A-Z]{8,12}$" },
    { key: "amount", label: "Amount due", type: "number" },
    { key: "count", label: "Number of instalments", type: "integer" },
  ]);
  const issues = (record: Record<string, unknown>) => validateRecord(iban, record).issues.map((i) => i.text);

  it("names each field by its label, and keeps the key in the API's line", () => {
    const r = validateRecord(iban, { amount: "lots" });
    expect(r.issues).toEqual([
      {
        fieldKey: "amount",
        severity: "error",
        message: "amount: must be a number",
        text: "Amount due must be a number",
        words: { key: "finding.field.number", values: { label: "Amount due" } },
      },
    ]);
  });

  it("shows the form a pattern asks for, with the field's example", () => {
    expect(issues({ iban: "DE89-3704" })).toEqual(["IBAN does not have the expected form, such as DE89 3704 0044 0532 0130 00"]);
    expect(issues({ vat: "123" })).toEqual(["VAT number does not have the expected form"]);
  });

  it("accepts an IBAN written in groups and in lower case, any white space, as the IBAN it means (generated)", () => {
    const space = fc.constantFrom(" ", "  ", "\u00a0", "\u202f", "\t");
    fc.assert(
      fc.property(fc.array(space, { minLength: 21, maxLength: 21 }), fc.boolean(), (gaps, lower) => {
        const digits = "DE89370400440532013000";
        const written = [...digits].map((c, i) => c + (i % 4 === 3 && i < 21 ? gaps[i] : "")).join("");
        expect(issues({ iban: lower ? written.toLowerCase() : written })).toEqual([]);
        expect(normalizeValues(iban.fields, { iban: lower ? written.toLowerCase() : written })).toEqual({ iban: digits });
      }),
    );
  });

  it("says how to write a number written with a decimal comma or thousands separators, with the number it likely means", () => {
    expect(issues({ amount: "1234,50" })).toEqual([
      "Amount due must be a number written with a decimal point and no thousands separator, such as 1234.50",
    ]);
    expect(issues({ amount: "1.234,5" })).toEqual([
      "Amount due must be a number written with a decimal point and no thousands separator, such as 1234.5",
    ]);
    expect(issues({ amount: "-1 234,50" })).toEqual([
      "Amount due must be a number written with a decimal point and no thousands separator, such as -1234.50",
    ]);
    expect(issues({ count: "1,200" })).toEqual(["Number of instalments must be a whole number written without separators, such as 1200"]);
    expect(issues({ amount: "12,5,0" })).toEqual(["Amount due must be a number"]);
  });

  it("refuses a template whose example does not have the form its own pattern asks for", () => {
    expect(() => template([{ key: "id", type: "string", pattern: "^C\\d{3}$", example: "X1" }])).toThrow(/example does not have the form/);
    expect(() =>
      template([{ key: "id", type: "string", pattern: "^C\\d{3}$", example: "c 123", normalize: ["remove-spaces", "uppercase"] }]),
    ).not.toThrow();
  });
});

describe("validateRecord", () => {
  it("accepts a record that follows every rule", () => {
    const r = validateRecord(t, {
      id: "C123",
      amount: 5.5,
      count: 2,
      ok: false,
      due: "2026-06-30",
      recipientEmail: "a@x.io;b@y.io",
      contact: "c@z.io",
      plan: "plus",
      nick: "ann",
    });
    expect(r).toEqual({ status: "valid", messages: [], issues: [] });
  });

  it("names the field and the rule that failed", () => {
    expect(validateRecord(t, {}).messages).toEqual(["id: is required"]);
    expect(messagesFor({ id: "" })).toEqual(["id: is required"]);
    expect(messagesFor({ id: "X123" })).toEqual(["id: does not have the expected form"]);
    expect(messagesFor({ id: "C1234" })).toEqual(["id: must be at most 4 characters"]);
    expect(messagesFor({ amount: "5" })).toEqual(['amount: must be a number written without quotes (5, not "5")']);
    expect(messagesFor({ amount: "five" })).toEqual(["amount: must be a number"]);
    expect(messagesFor({ amount: 101 })).toEqual(["amount: must be at most 100"]);
    expect(messagesFor({ amount: -1 })).toEqual(["amount: must be at least 0"]);
    expect(messagesFor({ count: 1.5 })).toEqual(["count: must be a whole number"]);
    expect(messagesFor({ count: 0 })).toEqual(["count: must be at least 1"]);
    expect(messagesFor({ ok: "yes" })).toEqual(["ok: must be true or false"]);
    expect(messagesFor({ due: "2026-02-30" })).toEqual(["due: must be a date (YYYY-MM-DD)"]);
    expect(messagesFor({ due: "2025-12-31" })).toEqual(["due: must be on or after 2026-01-01"]);
    expect(messagesFor({ due: "2027-01-01" })).toEqual(["due: must be on or before 2026-12-31"]);
    expect(messagesFor({ recipientEmail: "a@x.io;nope" })).toEqual(["recipientEmail: must be an email address"]);
    expect(messagesFor({ contact: "a@x.io;b@y.io" })).toEqual(["contact: must be an email address"]);
    expect(messagesFor({ plan: "gold" })).toEqual(["plan: must be one of basic, plus"]);
  });

  it("refuses a number given for text, in batch records and workflow steps alike, and judges the same digits as text by the text rules", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), (n) => {
        expect(messagesFor({ nick: n })).toEqual(["nick: must be text (a JSON string in quotes), not a number"]);
        expect(checkSavedValues(t.fields, { nick: n }, "data.", "step 0")).toEqual([
          { path: "data.nick", message: "nick must be text (a JSON string in quotes), not a number" },
        ]);
        const asText = String(n);
        const textAnswer = asText.length > 5 ? ["nick: must be at most 5 characters"] : [];
        expect(messagesFor({ nick: asText })).toEqual(textAnswer);
        expect(checkSavedValues(t.fields, { nick: asText }, "data.", "step 0")).toEqual([]);
      }),
    );
    expect(messagesFor({ id: 123 })).toEqual(["id: must be text (a JSON string in quotes), not a number"]);
  });

  it("classes warning-severity failures as warning, and any error as invalid", () => {
    expect(validateRecord(t, { id: "C123", nick: "far too long" })).toMatchObject({
      status: "warning",
      issues: [{ fieldKey: "nick", severity: "warning" }],
    });
    expect(validateRecord(t, { id: "bad", nick: "far too long" }).status).toBe("invalid");
  });
});

describe("tokens and file names", () => {
  it("fills field and batch tokens and reports the ones without a value", () => {
    expect(resolveTokens("doc-{{ id }}-{BATCHID_1}-{BATCHID}", { id: "C1" }, { BATCHID_1: "3", BATCHID: "2" })).toEqual({
      value: "doc-C1-3-2",
      missing: [],
    });
    expect(resolveTokens("{{a.b}}-{{missing}}-{{empty}}", { a: { b: 7 }, empty: "" })).toEqual({
      value: "7--",
      missing: ["missing", "empty"],
    });
  });

  it("refuses unsafe file names and appends .pdf once", () => {
    for (const bad of ["a/b.pdf", "a\\b.pdf", "..pdf", "x..y.pdf", "a\nb.pdf", ".pdf", `${"x".repeat(201)}.pdf`, 'a"b.pdf'])
      expect([bad, safeFileName(bad)]).not.toEqual([bad, null]);
    expect(safeFileName("letter-C1-1.pdf")).toBeNull();
    expect(ensurePdfExtension("a")).toBe("a.pdf");
    expect(ensurePdfExtension("a.PDF")).toBe("a.PDF");
  });
});
