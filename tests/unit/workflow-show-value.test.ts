import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldSchema } from "@/lib/templates/front-matter";
import { answerText, dateText, limitText, numberText, optionText } from "@/lib/format/show-value";
import { workflowTemplateSettings } from "@/lib/workflow/settings";

const country = fieldSchema.parse({
  key: "country",
  type: "enum",
  options: ["DE", "FR", "other", 7],
  optionLabels: { DE: "Germany", other: "Another country" },
});
const volume = fieldSchema.parse({ key: "volume", type: "number", min: 0, max: 2500000 });
const start = fieldSchema.parse({ key: "start", type: "date", min: "2026-01-01" });

describe("one way to show an answer", () => {
  it("shows a date the same way in the hint and the answers, in the workflow's language", () => {
    expect(limitText(start, "2026-01-01", "en-GB")).toBe("1 January 2026");
    expect(answerText(start, "2027-02-01", "en-GB")).toBe("1 February 2027");
    expect(answerText(start, "2027-02-01", "de-DE")).toBe("1. Februar 2027");
    expect(answerText(start, "not a date", "en-GB")).toBe("not a date");
  });

  it("never moves a calendar day, whatever the day", () => {
    const months = [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ];
    fc.assert(
      fc.property(fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2199-12-31T00:00:00Z"), noInvalidDate: true }), (d) => {
        const day = d.toISOString().slice(0, 10);
        const [y, m, dd] = day.split("-").map(Number);
        expect(dateText(day, "en-GB")).toBe(`${dd} ${months[m - 1]} ${y}`);
      }),
    );
  });

  it("groups the digits of a number by the workflow's language and keeps every one of them", () => {
    expect(answerText(volume, 1250000.5, "en-GB")).toBe("1,250,000.5");
    expect(answerText(volume, 1250000.5, "de-DE")).toBe("1.250.000,5");
    expect(limitText(volume, 2500000, "en-GB")).toBe("2,500,000");
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(Number(numberText(n, "en-GB").replace(/,/g, ""))).toBe(n);
      }),
    );
  });

  it("shows options by their schema labels, and the code where there is none", () => {
    expect(answerText(country, "DE", "en-GB")).toBe("Germany");
    expect(answerText(country, "other", "en-GB")).toBe("Another country");
    expect(answerText(country, "FR", "en-GB")).toBe("FR");
    expect(answerText(country, 7, "en-GB")).toBe("7");
    expect(optionText(country, "DE")).toBe("Germany");
    expect(answerText(country, null, "en-GB")).toBeNull();
  });

  it("refuses labels for codes a field does not have, and language tags nobody can format", () => {
    expect(fieldSchema.safeParse({ key: "c", type: "enum", options: ["DE"], optionLabels: { XX: "Nowhere" } }).success).toBe(false);
    const locale = (tag: string) => workflowTemplateSettings.safeParse({ workflow: { locale: tag } });
    expect(locale("de-de").data?.workflow.locale).toBe("de-DE");
    expect(locale("not a tag").success).toBe(false);
    expect(locale("xx-YY").success).toBe(false);
  });
});
