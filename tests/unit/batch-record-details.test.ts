import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildReceipt } from "@/lib/batch/receipt";
import { recordDetails } from "@/lib/batch/record-details";
import { resolveDistribution } from "@/lib/batch/resolve-distribution";
import { checkRecords } from "@/lib/batch/validate-records";
import type { Batch } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { newId } from "@/lib/ids";
import { loadTemplate } from "@/lib/templates/load-template";
import { pdfText } from "../support/pdf";

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
    const d = recordDetails(template, {
      customerId: "C1001",
      recipientEmail: "Ann@Example.test; bob@example.test",
      recipientName: "Ann Smith",
      amount: 1234.5,
      plan: "plus",
      due: "2026-12-01",
    });
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

describe("the intake receipt shows each record's details", () => {
  it("lists every record with its main fields by label and its recipients, ready ones and those needing attention, read back by pdftotext", async () => {
    process.env.TEMPLATES_DIR = path.resolve("tests/fixtures/templates");
    resetEnvCache();
    const template = await loadTemplate("letter.md");
    const records = [
      { customerId: "C101", name: "Ann Smith", amount: 1200.5, recipientEmail: "ann@example.test", recipientName: "Ann Smith" },
      { customerId: "C102", name: "Bob Jones", amount: 99999, recipientEmail: "bob@example.test" },
    ];
    const check = await checkRecords(template, records, resolveDistribution(template.distribution, undefined), undefined);
    const batch = {
      id: newId(),
      correlationId: "receipt-details",
      title: "Letters",
      templatePath: "letter.md",
      submittedBy: "crm@acme.test",
      createdAt: new Date(),
      state: "invalid",
      readiness: check.readiness,
    } as unknown as Batch;
    const text = (await pdfText(await buildReceipt(batch, check, template, null))).replace(/\s+/g, " ");
    expect(text).toContain("Customer id: C101 · Name: Ann Smith · Amount: 1,200.5 · To: Ann Smith <ann@example.test>");
    // A record needing attention: its details beside its findings.
    for (const s of ["Customer id: C102", "Name: Bob Jones", "To: bob@example.test", "Amount must be at most 10,000"])
      expect(text).toContain(s);
    delete process.env.TEMPLATES_DIR;
    resetEnvCache();
  });
});
