import { describe, expect, it } from "vitest";
import { dateError, dateExample, dateProblem, joinDate, splitDate } from "@/lib/date-parts";
import { isoDate } from "@/lib/workflow/api-schemas";

const parts = (day: string, month: string, year: string) => ({ day, month, year });

describe("a date typed as Day, Month and Year", () => {
  it("joins into the one value forms keep, and splits back into the boxes", () => {
    expect(joinDate(parts("10", "3", "2027"))).toBe("2027-03-10");
    expect(joinDate(parts(" 1 ", "03", "2027"))).toBe("2027-03-01");
    expect(joinDate(parts("", " ", ""))).toBe("");
    expect(splitDate("2027-03-10")).toEqual(parts("10", "3", "2027"));
    expect(splitDate("")).toEqual(parts("", "", ""));
    // Typed in part or wrongly: the boxes come back as typed (a restored draft), the value is refused.
    for (const typed of [
      parts("10", "", "2027"),
      parts("", "", "2027"),
      parts("31", "2", "2027"),
      parts("10", "13", "27"),
      parts("x", "3", "2027"),
    ]) {
      const value = joinDate(typed);
      expect(splitDate(value)).toEqual({ ...typed, month: typed.month.replace(/^0/, "") });
      expect(isoDate.safeParse(value).success, value).toBe(false);
    }
    expect(splitDate("27/3/2027")).toEqual(parts("", "", "27/3/2027"));
  });

  it("names what is wrong, and in which boxes, for exactly the values the API's date check refuses", () => {
    expect(dateProblem(joinDate(parts("10", "", "2027")))).toEqual({ kind: "missing", parts: ["month"] });
    expect(dateProblem(joinDate(parts("", "", "2027")))).toEqual({ kind: "missing", parts: ["day", "month"] });
    expect(dateProblem(joinDate(parts("10", "3", "27")))).toEqual({ kind: "year", parts: ["year"] });
    expect(dateProblem(joinDate(parts("10", "13", "2027")))).toEqual({ kind: "real", parts: ["month"] });
    expect(dateProblem(joinDate(parts("32", "13", "2027")))).toEqual({ kind: "real", parts: ["day", "month", "year"] });
    expect(dateProblem(joinDate(parts("31", "2", "2027")))).toEqual({ kind: "real", parts: ["day", "month", "year"] });
    expect(dateProblem(joinDate(parts("29", "2", "2028")))).toBeNull();
    expect(dateProblem("")).toBeNull();
    const samples = [
      "2027-03-10",
      "2028-02-29",
      "2027-02-29",
      "2027-3-10",
      "2027--10",
      "-03-10",
      "02027-03-10",
      "2027-00-10",
      "2027-03-00",
      "2027-03-1-2",
      "abc",
    ];
    for (const v of samples) expect(dateProblem(v) === null, v).toBe(isoDate.safeParse(v).success);
  });

  it("says it in GOV.UK words", () => {
    expect(dateError("Date you left", joinDate(parts("10", "", "2027")))).toBe("Date you left must include a month");
    expect(dateError("Date you left", joinDate(parts("", "", "2027")))).toBe("Date you left must include a day and month");
    expect(dateError("Date you left", joinDate(parts("31", "2", "2027")))).toBe("Date you left must be a real date");
    expect(dateError("Date you left", joinDate(parts("10", "3", "27")))).toBe("Date you left must include a year with 4 numbers");
    expect(dateError("Date you left", "2027-03-10")).toBeNull();
  });

  it("gives an example the field's limits allow", () => {
    expect(dateExample()).toBe("For example, 27 3 2027");
    expect(dateExample("2026-01-01")).toBe("For example, 27 3 2027");
    expect(dateExample("2028-01-05")).toBe("For example, 5 1 2028");
    expect(dateExample(undefined, "2026-12-31")).toBe("For example, 31 12 2026");
  });
});
