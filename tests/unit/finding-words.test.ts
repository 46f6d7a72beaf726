import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { templateOf } from "../support/template-of";
import { wordsText } from "@/lib/i18n/words-text";
import { resolveDistribution } from "@/lib/batch/resolve-distribution";
import { checkRecords, type Finding } from "@/lib/batch/validate-records";
import { isolatedRuns } from "@/lib/i18n/isolate";
import { LOCALES } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { undrawable } from "@/lib/pdf/fonts";

/**
 * Every kind of finding intake makes carries words (lib/i18n/words.ts) that every catalogue can
 * write: a record per kind, checked as intake checks it, and each finding written in all 25
 * languages with no placeholder left; arbitrary records, too, never give words a catalogue lacks.
 */
const template = templateOf;

const letters = template([
  { key: "id", label: "Customer id", type: "string", required: true, pattern: "^C\\d{3}$", example: "C123", maxLength: 4 },
  { key: "code", type: "string", pattern: "^[A-Z]+$" },
  { key: "amount", label: "Amount", type: "number", min: 0, max: 1000 },
  { key: "count", type: "integer", min: 1, max: 10 },
  { key: "ok", type: "boolean" },
  { key: "due", label: "Due", type: "date", min: "2027-01-01", max: "2027-12-31" },
  { key: "contact", type: "email" },
  { key: "plan", type: "enum", options: ["basic", "plus", 3] },
  { key: "note", type: "string" },
]);
const distribution = resolveDistribution({ fileNameTemplate: "{{fname}}", deliveryConfig: { mode: "secure-email" } }, undefined);

const long = (n: number) => "x".repeat(n);
/** A record per kind of finding (with a valid record's other values), and the kind it makes. */
const CASES: Array<[string, Record<string, unknown>]> = [
  ["finding.field.required", { id: "" }],
  ["finding.field.pattern", { code: "abc" }],
  ["finding.field.patternExample", { id: "X1" }],
  ["finding.field.tooLong", { id: "C1234" }],
  ["finding.field.number", { amount: true }],
  ["finding.field.numberUnquoted", { amount: "5" }],
  ["finding.field.numberAsWritten", { amount: "1.234,50" }],
  ["finding.field.atLeast", { amount: -1 }],
  ["finding.field.atMost", { amount: 1500 }],
  ["finding.field.whole", { count: 1.5 }],
  ["finding.field.wholeAsWritten", { count: "1,234" }],
  ["finding.field.boolean", { ok: "yes" }],
  ["finding.field.date", { due: "2027-02-30" }],
  ["finding.field.dateFrom", { due: "2026-12-31" }],
  ["finding.field.dateUntil", { due: "2028-01-01" }],
  ["finding.field.email", { contact: "not an address" }],
  ["finding.field.emailRefused", { contact: `${long(65)}@example.test` }],
  ["finding.field.emailRefused", { contact: `a@${`${long(60)}.`.repeat(5)}test` }],
  ["finding.field.emailRefused", { contact: `${long(64)}@${`${long(60)}.`.repeat(4)}test` }],
  ["finding.field.emailRefused", { contact: `a@${long(64)}.test` }],
  ["finding.field.options", { plan: "gold" }],
  ["finding.field.text", { note: { a: 1 } }],
  ["finding.field.textNotNumber", { note: 5 }],
  ["finding.recipient.required", { recipientEmail: "" }],
  ["finding.recipient.noAddress", { recipientEmail: " ; " }],
  ["finding.recipient.localeText", { recipientLocale: 5 }],
  ["finding.recipient.address", { recipientEmail: "ann@" }],
  ["finding.recipient.address", { recipientEmail: `${long(65)}@example.test` }],
  ["finding.recipient.address", { recipientEmail: `a@${`${long(60)}.`.repeat(5)}test` }],
  ["finding.recipient.address", { recipientEmail: `${long(64)}@${`${long(60)}.`.repeat(4)}test` }],
  ["finding.recipient.address", { recipientEmail: `a@${long(64)}.test` }],
  ["finding.recipient.twice", { recipientEmail: "ann@example.test;ANN@example.test" }],
  ["finding.recipient.language", { recipientLocale: "tlh" }],
  ["finding.recipient.nameCount", { recipientEmail: "a@example.test;b@example.test", recipientName: "Ann" }],
  ["finding.recipient.languageCount", { recipientEmail: "a@example.test;b@example.test;c@example.test", recipientLocale: "de;fr" }],
  ["finding.field.text", { recipientEmail: 5 }],
  ["finding.fileName.missing", { fname: "" }],
  ["finding.fileName.empty", { fname: " " }],
  ["finding.fileName.tooLong", { fname: long(250) }],
  ["finding.fileName.separator", { fname: "a/b" }],
  ["finding.fileName.dots", { fname: "a..b" }],
  ["finding.fileName.control", { fname: "a\u0001b" }],
  ["finding.fileName.reserved", { fname: "a:b" }],
  ["finding.fileName.duplicate", { fname: "record-1" }],
  ["finding.documentId.missing", { docId: "" }],
  ["finding.documentId.tooLong", { docId: long(201) }],
];

const valid = (i: number) => ({ id: "C123", fname: `record-${i + 1}`, docId: `D${i}`, recipientEmail: "ann@example.test" });
const english = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../messages/en-GB.json"), "utf8")).finding as Record<
  string,
  Record<string, string>
>;
const findingKeys = Object.entries(english).flatMap(([group, messages]) => Object.keys(messages).map((k) => `finding.${group}.${k}`));

/** Braces of the catalogue left in a text: its values (isolated) may hold braces of their own, a file name template's {{tokens}}. */
const leftOver = (text: string) =>
  isolatedRuns(text)
    .filter((r) => !r.isolated)
    .map((r) => r.text)
    .join("")
    .match(/[{}]/g);

function writeInEveryLanguage(f: Finding) {
  for (const { tag } of LOCALES) {
    const text = wordsText(translatorFor(tag), tag, f.words);
    expect(text, `${tag} ${f.words.key}`).not.toBe(f.words.key);
    expect(leftOver(text), `${tag} ${f.words.key}: ${text}`).toBeNull();
    // The receipt's fonts draw every character of its own words, numbers and dates (the values aside: they are the sender's).
    expect(undrawable(wordsText(translatorFor(tag), tag, f.words, () => "")), `${tag} ${f.words.key}`).toEqual([]);
    // A label, an address or an example keeps its own direction inside the sentence.
    if (typeof f.words.values.label === "string")
      expect(
        isolatedRuns(text)
          .filter((r) => r.isolated)
          .map((r) => r.text),
        `${tag} ${text}`,
      ).toContain(f.words.values.label);
  }
}

describe("the words of intake's findings", () => {
  it("exist for every kind of finding intake makes, each in every catalogue, with no placeholder left", async () => {
    const records = CASES.map(([, over], i) => ({ ...valid(i), ...over }));
    const check = await checkRecords(letters, records, distribution, "{{docId}}");
    const made = new Set<string>();
    CASES.forEach(([kind, over], i) => {
      const findings = check.records[i].findings;
      const mine = findings.find((f) => f.words.key === kind);
      expect(mine, `${JSON.stringify(over).slice(0, 80)}: ${findings.map((f) => f.words.key).join(", ")}`).toBeDefined();
      for (const f of findings) {
        made.add(f.words.key);
        writeInEveryLanguage(f);
      }
    });
    expect([...made].sort()).toEqual([...findingKeys].sort());
    // Every case of an address fault's select, not only its `other`.
    for (const kind of ["finding.field.emailRefused", "finding.recipient.address"])
      expect(
        new Set(
          check.records
            .flatMap((r) => r.findings)
            .filter((f) => f.words.key === kind)
            .map((f) => f.words.values.fault),
        ),
      ).toEqual(
        new Set(
          kind.endsWith("address") ? ["invalid", "localPart", "domain", "address", "label"] : ["localPart", "domain", "address", "label"],
        ),
      );
  });

  it("name a field by its label, and write limits and counts as the reader's language writes numbers and dates", async () => {
    const labelled = template([
      { key: "amount", label: "Amount due", type: "number", max: 1000 },
      { key: "due", label: "Due", type: "date", max: "2027-12-31" },
      { key: "recipientName", label: "Names", type: "string" },
    ]);
    const [r] = (
      await checkRecords(
        labelled,
        [{ amount: 1500, due: "2028-01-01", recipientEmail: "a@x.test;b@x.test", recipientName: "A", fname: "a" }],
        distribution,
        undefined,
      )
    ).records;
    const text = (tag: (typeof LOCALES)[number]["tag"]) => r.findings.map((f) => wordsText(translatorFor(tag), tag, f.words, (s) => s));
    expect(text("en-GB")).toEqual([
      "Amount due must be at most 1,000",
      "Due must be on or before 31 December 2027",
      "Names gives 1 name for 2 addresses; names are matched to addresses by position",
    ]);
    expect(text("de")).toEqual([
      "„Amount due“ darf höchstens 1.000 sein",
      "„Due“ muss am 31. Dezember 2027 oder früher liegen",
      "„Names“ nennt 1 Namen für 2 Adressen; Namen werden den Adressen in ihrer Reihenfolge zugeordnet",
    ]);
    // The API's and the console's English stay as they were.
    expect(r.findings.map((f) => [f.message, f.text])).toEqual([
      ["amount: must be at most 1000", "Amount due must be at most 1000"],
      ["due: must be on or before 2027-12-31", "Due must be on or before 2027-12-31"],
      [
        "recipientName: 1 name for 2 addresses; names are matched by position",
        "Names: 1 name for 2 addresses; names are matched by position",
      ],
    ]);
  });

  it("are never a sentence the catalogues lack, whatever a record holds", async () => {
    const value = fc.oneof(
      fc.anything(),
      fc.string(),
      fc.double(),
      fc.constantFrom("", " ; ", "a@b", "1.234,5", "x@example.test;y@example.test"),
    );
    const record = fc.record(
      Object.fromEntries(
        [
          "id",
          "code",
          "amount",
          "count",
          "ok",
          "due",
          "contact",
          "plan",
          "note",
          "recipientEmail",
          "recipientName",
          "recipientLocale",
          "fname",
          "docId",
        ].map((k) => [k, value]),
      ),
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 4 }), async (records) => {
        const check = await checkRecords(letters, records, distribution, "{{docId}}");
        for (const f of check.records.flatMap((r) => r.findings)) {
          expect(findingKeys).toContain(f.words.key);
          writeInEveryLanguage(f);
        }
      }),
      { numRuns: 40 },
    );
  });
});
