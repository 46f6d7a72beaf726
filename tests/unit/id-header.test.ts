import fc from "fast-check";
import { expect, it } from "vitest";
import { idHeaderValue } from "@/lib/http/id-header";

it("sends any correlation id in a header that can be built, and gives it back exactly with decodeURIComponent", () => {
  fc.assert(
    fc.property(fc.oneof(fc.string({ unit: "grapheme", maxLength: 200 }), fc.string({ unit: "binary", maxLength: 200 })), (id) => {
      const value = idHeaderValue(id);
      const headers = new Headers({ "x-svc-correlationid": value }); // throws on what HTTP cannot carry
      expect(headers.get("x-svc-correlationid")).toBe(value);
      expect(value).toMatch(/^[\x21-\x7e]*$/);
      if (!/[\ud800-\udfff]/.test(id.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""))) expect(decodeURIComponent(value)).toBe(id);
    }),
    { numRuns: 500 },
  );
});

it("leaves ids of visible ASCII without % as they are", () => {
  fc.assert(
    fc.property(fc.stringMatching(/^[\x21-\x24\x26-\x7e]{1,60}$/), (id) => {
      expect(idHeaderValue(id)).toBe(id);
    }),
    { numRuns: 300 },
  );
  expect(idHeaderValue("crm 4711/ä")).toBe("crm%204711/%C3%A4");
});
