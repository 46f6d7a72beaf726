import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalIndex, decimalInteger } from "@/lib/http/decimal-integer";
import { AppError, problemResponse } from "@/lib/http/problem";

describe("problem answers", () => {
  it("keep the members RFC 9457 defines whatever extensions a caller adds", async () => {
    const res = problemResponse(
      new AppError("batch.document_not_ready", "Record 0 is pending", {
        status: "pending",
        code: "x",
        type: "y",
        title: "z",
        recordStatus: "pending",
      }),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      type: "https://sealpost.dev/problems/batch-document-not-ready",
      title: "Document not rendered",
      status: 409,
      detail: "Record 0 is pending",
      code: "batch.document_not_ready",
      recordStatus: "pending",
    });
  });
});

describe("decimalInteger", () => {
  const schema = decimalInteger({ max: 1_000_000 });

  it("reads plain decimal digits as the number they write", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
        expect(schema.parse(String(n))).toBe(n);
      }),
    );
  });

  it("refuses every string that is not plain decimal digits, such as blanks, hex, exponents and signs", () => {
    const notDigits = fc.string().filter((s) => !/^\d+$/.test(s));
    const lookAlikes = fc.constantFrom("", " ", " 1", "1 ", "0x10", "1e3", "+1", "-0", "1.0", "١", "Infinity", "NaN");
    fc.assert(
      fc.property(fc.oneof(notDigits, lookAlikes), (s) => {
        expect(schema.safeParse(s).success).toBe(false);
      }),
    );
  });

  it("reads each number from one spelling only: leading zeros name nothing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 3 }), (n, zeros) => {
        expect(schema.safeParse(`${"0".repeat(zeros)}${n}`).success).toBe(false);
      }),
    );
    expect(decimalIndex("00", 999)).toBeNull();
    expect(decimalIndex("0", 999)).toBe(0);
    expect(decimalIndex("10", 999)).toBe(10);
  });

  it("refuses numbers beyond its bounds", () => {
    expect(schema.safeParse("1000001").success).toBe(false);
    expect(decimalInteger({ min: 1 }).safeParse("0").success).toBe(false);
  });
});
