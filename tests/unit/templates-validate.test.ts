import fc from "fast-check";
import { fromMarkdown } from "mdast-util-from-markdown";
import { describe, expect, it } from "vitest";
import { frontMatterSchema } from "@/lib/templates/front-matter";
import type { Template } from "@/lib/templates/types";
import { validateRecord } from "@/lib/templates/validate-record";
import { checkSavedValues } from "@/lib/workflow/check-fields";
import { ensurePdfExtension, resolveTokens, safeFileName } from "@/lib/templates/tokens";

function template(fields: unknown[]): Template {
  const fm = frontMatterSchema.parse({ title: "t", fields });
  const patterns = new Map(fm.fields.filter((f) => f.pattern).map((f) => [f.key, new RegExp(f.pattern!, "u")]));
  return { path: "t.md", version: "v", source: "", title: "t", locale: fm.locale, fields: fm.fields, patterns, style: fm.style, explicitStyle: [], body: fromMarkdown(""), bodyLine: 1, images: new Map() };
}

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

describe("validateRecord", () => {
  it("accepts a record that follows every rule", () => {
    const r = validateRecord(t, { id: "C123", amount: 5.5, count: 2, ok: false, due: "2026-06-30", recipientEmail: "a@x.io;b@y.io", contact: "c@z.io", plan: "plus", nick: "ann" });
    expect(r).toEqual({ status: "valid", messages: [], issues: [] });
  });

  it("names the field and the rule that failed", () => {
    expect(validateRecord(t, {}).messages).toEqual(["id: is required"]);
    expect(messagesFor({ id: "" })).toEqual(["id: is required"]);
    expect(messagesFor({ id: "X123" })).toEqual(["id: does not match the expected format"]);
    expect(messagesFor({ id: "C1234" })).toEqual(["id: must be at most 4 characters"]);
    expect(messagesFor({ amount: "5" })).toEqual(["amount: must be a number"]);
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
        expect(checkSavedValues(t.fields, { nick: n }, "data.", "step 0")).toEqual([{ path: "data.nick", message: "nick must be text (a JSON string in quotes), not a number" }]);
        const asText = String(n);
        const textAnswer = asText.length > 5 ? ["nick: must be at most 5 characters"] : [];
        expect(messagesFor({ nick: asText })).toEqual(textAnswer);
        expect(checkSavedValues(t.fields, { nick: asText }, "data.", "step 0")).toEqual([]);
      }),
    );
    expect(messagesFor({ id: 123 })).toEqual(["id: must be text (a JSON string in quotes), not a number"]);
  });

  it("classes warning-severity failures as warning, and any error as invalid", () => {
    expect(validateRecord(t, { id: "C123", nick: "far too long" })).toMatchObject({ status: "warning", issues: [{ fieldKey: "nick", severity: "warning" }] });
    expect(validateRecord(t, { id: "bad", nick: "far too long" }).status).toBe("invalid");
  });
});

describe("tokens and file names", () => {
  it("fills field and batch tokens and reports the ones without a value", () => {
    expect(resolveTokens("doc-{{ id }}-{BATCHID_1}-{BATCHID}", { id: "C1" }, { BATCHID_1: "3", BATCHID: "2" })).toEqual({ value: "doc-C1-3-2", missing: [] });
    expect(resolveTokens("{{a.b}}-{{missing}}-{{empty}}", { a: { b: 7 }, empty: "" })).toEqual({ value: "7--", missing: ["missing", "empty"] });
  });

  it("refuses unsafe file names and appends .pdf once", () => {
    for (const bad of ["a/b.pdf", "a\\b.pdf", "..pdf", "x..y.pdf", "a\nb.pdf", ".pdf", `${"x".repeat(201)}.pdf`, 'a"b.pdf']) expect([bad, safeFileName(bad)]).not.toEqual([bad, null]);
    expect(safeFileName("letter-C1-1.pdf")).toBeNull();
    expect(ensurePdfExtension("a")).toBe("a.pdf");
    expect(ensurePdfExtension("a.PDF")).toBe("a.PDF");
  });
});
