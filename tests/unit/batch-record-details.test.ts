import { describe, expect, it } from "vitest";
import { recordDetails } from "@/lib/batch/record-details";

const template = {
  locale: "de-DE",
  fields: [
    { key: "customerId", label: "Kundennummer", type: "string" as const },
    { key: "recipientEmail", label: "E-Mail", type: "email" as const },
    { key: "note", type: "string" as const },
    { key: "amount", label: "Betrag", type: "number" as const },
    { key: "plan", label: "Tarif", type: "enum" as const, optionLabels: { plus: "Plus mit Beratung" } },
    { key: "due", label: "Fällig", type: "date" as const },
  ],
};

describe("what an approver sees of each record", () => {
  it("the template's first fields with a value by label, as people read them in the template's locale, and the recipients with their names", () => {
    const d = recordDetails(template, { customerId: "C1001", recipientEmail: "Ann@Example.test; bob@example.test", recipientName: "Ann Smith", amount: 1234.5, plan: "plus", due: "2026-12-01" });
    expect(d.fields).toEqual([
      { label: "Kundennummer", value: "C1001" },
      { label: "Betrag", value: "1.234,5" },
      { label: "Tarif", value: "Plus mit Beratung" },
    ]);
    expect(d.recipients).toEqual(["Ann Smith <ann@example.test>", "bob@example.test"]);
  });

  it("shortens long values and names a field without a label by its key", () => {
    const d = recordDetails(template, { note: "x".repeat(200) });
    expect(d.fields).toEqual([{ label: "note", value: `${"x".repeat(60)}…` }]);
    expect(d.recipients).toEqual([]);
  });
});
