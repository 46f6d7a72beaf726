import fc from "fast-check";

/** Characters PostgreSQL cannot store (NUL, lone surrogates) and others that break naive code. */
export const badChars = ["\u0000", "\ud800", "\udfff", "\ud83d", "\u202e", "\uffff", "\r\n", "\u0085"];
export const nasty = [
  "../../etc/passwd",
  "..\\..\\windows",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "%00",
  "{{customerId}}",
  "{BATCHID}",
  "x".repeat(3000),
  "",
  " ",
  "🙂",
  "null",
];
/** Strings of every kind, with traversal, markup, huge and unstorable ones among them. */
export const hostileString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(...nasty),
  fc.tuple(fc.string({ maxLength: 5 }), fc.constantFrom(...badChars), fc.string({ maxLength: 5 })).map((p) => p.join("")),
);
/**
 * Stands for a number no double holds (1e400, -1e400: JSON.parse reads them as ±Infinity) in a
 * generated value; jsonText writes it as such.
 */
export const OVERFLOW = "\u2063overflowing number\u2063";
const overflowLiterals = ["1e400", "-1e400", "2e308", "-9e999"];

/** JSON text of a generated value, OVERFLOW written as an overflowing number literal. */
export function jsonText(value: unknown): string {
  let n = 0;
  return (JSON.stringify(value) ?? "null").replaceAll(JSON.stringify(OVERFLOW), () => overflowLiterals[n++ % overflowLiterals.length]);
}

/** JSON values of any shape built from hostile strings (send them with jsonText). */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.constant(OVERFLOW),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(hostileString, tie("v"), { maxKeys: 3 }),
  ),
})).v;

/** A path segment: a UUID, a percent-encoded hostile string, or a broken encoding. */
export const encodedSegment = fc.oneof(
  fc.uuid(),
  hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "x"))),
  fc.constantFrom("%00", "%ZZ", "%E0%A4%A", "%ED%A0%80", "..%2F..%2Fetc", "%2e%2e", "-1", "1e9", "0x10", "NaN"),
);
