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
/** JSON values of any shape built from hostile strings. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    hostileString,
    fc.integer(),
    fc.double(),
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
