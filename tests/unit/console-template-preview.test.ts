import { describe, expect, it } from "vitest";
import { formValues, recordOf } from "@/lib/console/template-form";
import { previewableTemplates, templateForPreview } from "@/lib/console/template-preview";
import { listBatchTemplates } from "@/lib/templates/list-templates";
import { sampleRecord } from "@/lib/templates/sample-record";
import { validateRecord } from "@/lib/templates/validate-record";
import { useTemplatesDir } from "../support/templates-dir";

// The demo templates: notice.md has a pattern, limits, a date, a boolean, an enum and a warning field.
useTemplatesDir("templates");

describe("the sample record a preview starts from", () => {
  it("passes every check of every batch template, patterns and limits included", async () => {
    const templates = await listBatchTemplates();
    expect(templates.map((t) => t.path)).toContain("notice.md");
    for (const t of templates)
      expect(validateRecord(t, sampleRecord(t.fields, t.patterns)), t.path).toMatchObject({ status: "valid", issues: [] });
  });

  it("is plausible: a name for a name, an id that fits the pattern, a date a month ahead within the limits", () => {
    const record = sampleRecord(
      [
        { key: "customerId", label: "Customer number", type: "string", required: true, severity: "error", pattern: "^C[0-9]{4,8}$" },
        { key: "customerName", type: "string", required: true, severity: "error" },
        { key: "amount", type: "number", required: false, severity: "error", min: 500, max: 900 },
        { key: "n", type: "integer", required: false, severity: "error", max: 2 },
        { key: "due", type: "date", required: false, severity: "error", max: "2026-03-01" },
        { key: "code", type: "string", required: false, severity: "error", pattern: "^ZZ$" },
      ],
      new Map([
        ["customerId", /^C[0-9]{4,8}$/u],
        ["code", /^ZZ$/u],
      ]),
      new Date("2026-01-15T10:00:00Z"),
    );
    // No candidate fits ^ZZ$: the field is left out (the preview names it) rather than given a value that breaks its rule.
    expect(record).toEqual({ customerId: "C1001", customerName: "Ann Smith", amount: 500, n: 2, due: "2026-02-14" });
  });
});

describe("the form's values and the record", () => {
  const fields = [
    { key: "name", type: "string" as const },
    { key: "amount", type: "number" as const },
    { key: "count", type: "integer" as const },
    { key: "autopay", type: "boolean" as const },
    { key: "tier", type: "enum" as const, options: [1, 2, "gold"] },
    { key: "due", type: "date" as const },
  ];

  it("turns typed text into the record an API client would send; empty controls are values not given", () => {
    expect(
      recordOf(fields, { name: "  Ann ", amount: "1500.5", count: "", autopay: false, tier: "2", due: "2026-12-01", stray: "x" }, "en-GB"),
    ).toEqual({ name: "Ann", amount: 1500.5, autopay: false, tier: 2, due: "2026-12-01" });
    // A number half typed stays text: the record's check names it.
    expect(recordOf(fields, { amount: "12,5", tier: "silver" }, "en-GB")).toEqual({ amount: "12,5", tier: "silver" });
    // A German author writes a decimal comma and groups by dots: the number is read as German writes it.
    expect(recordOf(fields, { amount: "1.500,5" }, "de")).toEqual({ amount: 1500.5 });
  });

  it("round-trips a record through the form", () => {
    const record = { name: "Ann", amount: 120.5, count: 3, autopay: true, tier: "gold", due: "2026-12-01" };
    expect(recordOf(fields, formValues(fields, record, "en-GB"), "en-GB")).toEqual(record);
    expect(recordOf(fields, formValues(fields, record, "de"), "de")).toEqual(record);
    expect(formValues(fields, {}, "en-GB")).toEqual({ name: "", amount: "", count: "", autopay: false, tier: "", due: "" });
  });
});

describe("which template a page may open", () => {
  it("only a name of the list: no path tricks, no workflow form, no file outside", async () => {
    expect((await templateForPreview("notice.md", "en-GB"))?.template).toMatchObject({ path: "notice.md", title: "Customer notice" });
    for (const trick of [
      "../templates/notice.md",
      "./notice.md",
      "/notice.md",
      "notice.md/",
      "workflows/../notice.md",
      "supplier-onboarding.md",
      "../package.json",
      "",
      undefined,
    ]) {
      expect(await templateForPreview(trick, "en-GB"), String(trick)).toBeNull();
    }
    expect((await previewableTemplates()).map((t) => t.path)).not.toContain("supplier-onboarding.md");
  });
});
