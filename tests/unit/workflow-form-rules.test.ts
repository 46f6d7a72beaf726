import { describe, expect, it } from "vitest";
import { fieldSchema, type FieldDef } from "@/lib/templates/front-matter";
import { fieldResults } from "@/lib/workflow/validation/check-fields";
import { apiValueOf, fieldsRead, formValueOf, savableValues, stepFormSchema, stepRules } from "@/lib/workflow/validation/form-rules";
import { ruleSchema } from "@/lib/workflow/schema/schema-format";

const field = (f: Record<string, unknown>): FieldDef => fieldSchema.parse(f);
const fields = [
  field({ key: "name", label: "Name", required: true, maxLength: 5 }),
  field({ key: "nights", label: "Nights", type: "integer", min: 1, max: 14 }),
  field({ key: "kind", label: "Kind", type: "enum", options: ["car", "train", 3] }),
  field({ key: "mileage", label: "Mileage", type: "number" }),
  field({ key: "ok", label: "OK", type: "boolean" }),
  field({ key: "day", label: "Day", type: "date", min: "2026-01-01" }),
  field({ key: "note", label: "Note", severity: "warning", maxLength: 2 }),
];
const rules = [
  ruleSchema.parse({
    id: "car-mileage",
    fieldKey: "mileage",
    message: "Give the mileage for a car",
    condition: { or: [{ "!=": [{ var: "kind" }, "car"] }, { "!!": [{ var: "mileage" }] }] },
  }),
  ruleSchema.parse({
    id: "cross",
    fieldKey: "nights",
    message: "Other step",
    condition: { "<=": [{ var: "nights" }, { var: "elsewhere" }] },
  }),
  ruleSchema.parse({ id: "warn", severity: "warning", fieldKey: "name", message: "w", condition: false }),
];

describe("form rules built from the schema", () => {
  it("turns control values into API values and back", () => {
    expect(apiValueOf(fields[1], " 12 ")).toBe(12);
    expect(apiValueOf(fields[1], "12a")).toBe("12a");
    expect(apiValueOf(fields[1], "")).toBeNull();
    expect(apiValueOf(fields[2], "3")).toBe(3);
    expect(apiValueOf(fields[2], "car")).toBe("car");
    expect(apiValueOf(fields[4], true)).toBe(true);
    expect(formValueOf(fields[4], undefined)).toBe(false);
    expect(formValueOf(fields[1], 4)).toBe("4");
    expect(formValueOf(fields[0], null)).toBe("");
  });

  it("autosaves only values the server accepts as typed, keeping the rest local", () => {
    expect(savableValues(fields, { name: "Ann", nights: "1x", kind: "bus", day: "2026-02-0", ok: true })).toEqual({
      save: { name: "Ann", ok: true },
      unsaved: ["nights", "kind", "day"],
    });
  });

  it("gives the server's messages for the same values", () => {
    const schema = stepFormSchema(fields, rules);
    const values = { name: "", nights: "20", kind: "car", mileage: "", ok: false, day: "2025-12-31", note: "long" };
    const r = schema.safeParse(values);
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
    const server = fieldResults(fields, { name: null, nights: 20, kind: "car", day: "2025-12-31", note: "long" }, 0).filter(
      (x) => x.severity === "error",
    );
    for (const s of server) expect(messages[s.fieldKey]).toBe(s.message);
    expect(messages.note).toBeUndefined(); // a warning does not stop the participant
  });

  it("reads radios left unchosen (null in react-hook-form) as no answer", () => {
    const required = field({ key: "kind", label: "Kind", type: "enum", options: ["car"], required: true });
    expect(
      stepFormSchema([required], [])
        .safeParse({ kind: null })
        .error?.issues.map((i) => i.message),
    ).toEqual(["Kind is required"]);
  });

  it("names a date typed in part or wrongly in GOV.UK words, and still its limits as the server does", () => {
    const schema = stepFormSchema([fields[5]], []);
    const message = (day: string) => schema.safeParse({ day }).error?.issues.map((i) => i.message);
    expect(message("2027--10")).toEqual(["Day must include a month"]);
    expect(message("2027-02-31")).toEqual(["Day must be a real date"]);
    expect(message("27-03-10")).toEqual(["Day must include a year with 4 numbers"]);
    expect(message("2025-12-31")).toEqual(fieldResults([fields[5]], { day: "2025-12-31" }, 0).map((r) => r.message));
    expect(message("2027-03-10")).toBeUndefined();
  });

  it("checks a step's own cross-field rules, leaving rules across steps to the final advance", () => {
    expect(stepRules(rules, fields).map((r) => r.id)).toEqual(["car-mileage"]);
    const schema = stepFormSchema(fields, rules);
    const r = schema.safeParse({ name: "Ann", kind: "car", mileage: "", ok: true });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["mileage", "Give the mileage for a car"]]);
    expect(schema.safeParse({ name: "Ann", kind: "car", mileage: "12.5" }).data).toMatchObject({
      name: "Ann",
      kind: "car",
      mileage: 12.5,
      nights: null,
    });
  });

  it("waits with a cross-field rule until the other answers it reads are valid, so an empty step shows only what is missing", () => {
    const step = [
      field({ key: "country", label: "Country", type: "enum", options: ["DE", "other"], required: true }),
      field({ key: "vat", label: "VAT number" }),
    ];
    const euNeedsVat = ruleSchema.parse({
      id: "eu-vat",
      fieldKey: "vat",
      message: "EU suppliers need a VAT number",
      condition: { or: [{ "==": [{ var: "country" }, "other"] }, { "!!": [{ var: "vat" }] }] },
    });
    const schema = stepFormSchema(step, [euNeedsVat]);
    const issues = (values: Record<string, string>) => schema.safeParse(values).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(issues({ country: "", vat: "" })).toEqual(["country"]);
    expect(issues({ country: "XX", vat: "" })).toEqual(["country"]);
    expect(issues({ country: "DE", vat: "" })).toEqual(["vat"]);
    expect(issues({ country: "other", vat: "" })).toEqual([]);
  });

  it("lists the fields a condition reads", () => {
    expect(fieldsRead({ and: [{ var: "a.b" }, { missing: ["c"] }, { missing_some: [1, ["d"]] }, { val: [["e"]] }] })).toEqual(
      new Set(["a", "c", "d", "e"]),
    );
    expect(fieldsRead({ var: { cat: ["a", "b"] } })).toBeNull();
  });
});
