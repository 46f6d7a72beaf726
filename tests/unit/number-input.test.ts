import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { numberFromInput, numberInputText } from "@/lib/format/number-input";
import { fieldSchema } from "@/lib/templates/front-matter";
import { LOCALES } from "@/lib/i18n/locales";
import { apiValueOf, formValueOf, savableValues, stepFormSchema } from "@/lib/workflow/validation/form-rules";

const tags = LOCALES.map((l) => l.tag);

describe("numbers typed into a form, in the form's language", () => {
  it("reads a decimal comma and the groupings of the languages that write one", () => {
    expect(numberFromInput("3,5", "de")).toBe(3.5);
    expect(numberFromInput("1.234,50", "de")).toBe(1234.5);
    expect(numberFromInput("3.500", "de")).toBe(3500);
    expect(numberFromInput("1\u202f234,5", "fr")).toBe(1234.5);
    expect(numberFromInput("1 234,5", "pl")).toBe(1234.5);
    expect(numberFromInput("-0,25", "cs")).toBe(-0.25);
    expect(numberFromInput("12.345.678", "pt-BR")).toBe(12345678);
  });

  it("reads a decimal point, and leaves a comma it cannot place unread, where the language writes a point", () => {
    expect(numberFromInput("1,234.5", "en-GB")).toBe(1234.5);
    expect(numberFromInput("3.5", "en-US")).toBe(3.5);
    expect(numberFromInput("3,5", "en-GB")).toBeNull();
    expect(numberFromInput("3,5", "ja")).toBeNull();
  });

  it("reads the digits other keyboards type: Arabic-Indic, Persian, full-width", () => {
    expect(numberFromInput("١٢٫٥", "ar")).toBe(12.5);
    expect(numberFromInput("۴۲", "ar")).toBe(42);
    expect(numberFromInput("１２３", "ja")).toBe(123);
    expect(numberFromInput("\u2212７", "zh-Hans")).toBe(-7);
  });

  it("reads nothing from half-typed or mixed text", () => {
    for (const text of ["", "12a", "1,2,3", "1.23.4", "--1", "1 23", "3,", "e5", "١٢a"])
      for (const tag of tags) expect(numberFromInput(text, tag), `${text} in ${tag}`).toBeNull();
  });

  it("gives back every stored number, in every language, as it shows it", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...tags), (n, tag) => {
        const shown = numberInputText(n, tag);
        expect(numberFromInput(shown, tag)).toBe(n === 0 ? 0 : n);
      }),
      { numRuns: 2000 },
    );
  });

  it("shows a stored number with the language's decimal separator, ungrouped", () => {
    expect(numberInputText(1234.5, "de")).toBe("1234,5");
    expect(numberInputText(1234.5, "en-GB")).toBe("1234.5");
    expect(numberInputText(0.1, "fr")).toBe("0,1");
  });
});

describe("a portal step in German", () => {
  const amount = fieldSchema.parse({ key: "amount", label: "Betrag", type: "number", min: 1 });
  const nights = fieldSchema.parse({ key: "nights", label: "Nächte", type: "integer" });

  it("stores what a German participant types and shows it back as typed", () => {
    expect(apiValueOf(amount, "1.234,50", "de")).toBe(1234.5);
    expect(formValueOf(amount, 1234.5, "de")).toBe("1234,5");
    expect(savableValues([amount, nights], { amount: "12,75", nights: "3" }, "de")).toEqual({
      save: { amount: 12.75, nights: 3 },
      unsaved: [],
    });
  });

  it("accepts the step with a decimal comma and refuses a fraction of a night", () => {
    const schema = stepFormSchema([amount, nights], [], undefined, "de");
    expect(schema.safeParse({ amount: "2,5", nights: "2" }).success).toBe(true);
    expect(schema.safeParse({ amount: "0,5", nights: "2" }).success).toBe(false);
    expect(schema.safeParse({ amount: "2", nights: "1,5" }).success).toBe(false);
  });
});
