import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/http/problem";
import { readJsonBody } from "@/lib/http/read-body";

const SENTINEL = "\u2063overflow\u2063";
const bodyOf = (text: string) => new Request("http://x/", { method: "POST", body: text, headers: { "content-type": "application/json" } });
const read = (text: string) => readJsonBody(bodyOf(text), 1 << 22);

/** JSON without text PostgreSQL cannot store, so that the only fault of a body is the number put in it. */
const storableJson = fc.jsonValue({ maxDepth: 3 }).filter((v) => !/\\u0000|\\ud[89a-f]/i.test(JSON.stringify(v)));
/** Number literals a JSON parser reads as ±Infinity: exponents past 308, or more than 308 digits. */
const overflowing = fc.oneof(
  fc
    .tuple(fc.constantFrom("", "-"), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 309, max: 100_000 }))
    .map(([s, d, e]) => `${s}${d}e${e}`),
  fc.tuple(fc.constantFrom("", "-"), fc.integer({ min: 309, max: 2000 })).map(([s, n]) => `${s}${"9".repeat(n)}`),
  fc.constantFrom("1.8e308", "-1.8e308", "1E400", "1e+400"),
);
/** Where the number goes: object keys and array positions, outermost first. */
const place = fc.array(fc.oneof(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,7}$/), fc.nat(3)), { maxLength: 5 });

function nest(steps: Array<string | number>, inner: unknown, filler: unknown): unknown {
  return steps.reduceRight<unknown>(
    (acc, step) => (typeof step === "number" ? [...Array<unknown>(step).fill(filler), acc] : { [step]: acc }),
    inner,
  );
}

describe("JSON bodies with numbers beyond a double", () => {
  it("are refused as malformed, naming where the number is, whatever the body around it", async () => {
    await fc.assert(
      fc.asyncProperty(place, overflowing, storableJson, async (steps, literal, filler) => {
        const body = { other: filler, data: nest(steps, SENTINEL, filler) };
        const text = JSON.stringify(body).replace(JSON.stringify(SENTINEL), literal);
        const err = await read(text).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err, text.slice(0, 200)).toBeInstanceOf(AppError);
        const app = err as AppError;
        expect({ status: app.status, code: app.code }).toEqual({ status: 400, code: "request.invalid" });
        expect(app.extra.errors?.[0].path).toBe(["data", ...steps].join("."));
      }),
      { numRuns: 300 },
    );
  });

  it("keep every finite number exactly as sent, however large or small", async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ noNaN: true, noDefaultInfinity: true }), place, async (x, steps) => {
        const body = { data: nest(steps, x, 0) };
        expect(await read(JSON.stringify(body))).toEqual(JSON.parse(JSON.stringify(body)));
      }),
      { numRuns: 300 },
    );
  });

  it("is refused as the whole body too", async () => {
    await expect(read("1e400")).rejects.toMatchObject({ code: "request.invalid", extra: { errors: [{ path: "(root)" }] } });
  });
});
