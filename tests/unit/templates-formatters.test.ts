import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ExplainCapture } from "@/lib/explain/capture";
import { AppError } from "@/lib/http/problem";
import { bindBody, plainText } from "@/lib/templates/bind";
import { formatValue, parsePipes } from "@/lib/templates/formatters";
import { parseTemplate } from "@/lib/templates/load-template";

const LOCALES = ["en-GB", "en-US", "de-DE", "fr-FR", "de-CH", "es-ES", "ja-JP", "zh-CN", "ar-EG", "hi-IN", "pt-BR", "pl-PL"];
const ctx = (locale: string, currency?: string, record: Record<string, unknown> = {}) => ({
  locale,
  currency,
  lookup: (k: string) => record[k],
});
const fmt = (value: unknown, pipes: string, locale = "en-GB", currency?: string, record?: Record<string, unknown>) =>
  formatValue(value, parsePipes(pipes), undefined, ctx(locale, currency, record));

const template = (body: string, frontMatter = "") =>
  parseTemplate(
    "t.md",
    [
      "---",
      "title: t",
      frontMatter,
      "fields:",
      "  - key: amount",
      "    type: number",
      "  - key: due",
      "    type: date",
      "  - key: name",
      "---",
      body,
    ].join("\n"),
  );
const bound = async (body: string, record: Record<string, unknown>, frontMatter = "") =>
  plainText(bindBody(await template(body, frontMatter), record));

describe("formatters write what Intl writes, in every locale", () => {
  it("number:N and percent:N across locales and values", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        (locale, n, digits) => {
          const opts = { minimumFractionDigits: digits, maximumFractionDigits: digits };
          expect(fmt(n, `| number:${digits}`, locale)).toBe(new Intl.NumberFormat(locale, opts).format(n));
          expect(fmt(n, `| percent:${digits}`, locale)).toBe(new Intl.NumberFormat(locale, { ...opts, style: "percent" }).format(n));
        },
      ),
    );
  });

  it("currency from the template's style.currency, a code, or a field of the record", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom("EUR", "GBP", "JPY", "CHF", "USD"),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        (locale, code, n) => {
          const expected = new Intl.NumberFormat(locale, { style: "currency", currency: code }).format(n);
          expect(fmt(n, "| currency", locale, code)).toBe(expected);
          expect(fmt(n, `| currency:${code}`, locale, "XXX")).toBe(expected);
          expect(fmt(n, "| currency:cur", locale, undefined, { cur: code.toLowerCase() })).toBe(expected);
        },
      ),
    );
    expect(fmt(120.5, "| currency", "en-GB", "EUR")).toBe("€120.50");
    expect(fmt(120.5, "| currency", "de-DE", "EUR")).toBe("120,50\u00a0€");
  });

  it("dates by style and by pattern, as calendar dates that no time zone moves", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.date({ min: new Date("1900-01-01"), max: new Date("2199-12-31"), noInvalidDate: true }),
        fc.constantFrom("full", "long", "medium", "short"),
        (locale, d, style) => {
          const iso = d.toISOString().slice(0, 10);
          const expected = new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
          expect(fmt(iso, `| date:${style}`, locale)).toBe(expected);
        },
      ),
    );
    expect(fmt("2026-12-01", "| date:long", "fr-FR")).toBe("1 décembre 2026");
    expect(fmt("2026-12-01", '| date:"EEEE d MMMM yyyy"', "de-DE")).toBe("Dienstag 1 Dezember 2026");
    expect(fmt("2026-12-01", '| date:"dd/MM/yy"', "en-GB")).toBe("01/12/26");
    expect(fmt("2026-12-01", "| date:\"d 'of' MMMM\"", "en-GB")).toBe("1 of December");
  });

  it("upper and lower follow the locale; default fills an empty value only", () => {
    expect(fmt("istanbul", "| upper", "tr-TR")).toBe("İSTANBUL");
    expect(fmt("ISTANBUL", "| lower", "en-GB")).toBe("istanbul");
    expect(fmt(undefined, '| default:"—"')).toBe("—");
    expect(fmt("  ", '| default:"n/a"')).toBe("n/a");
    expect(fmt("Ann", '| upper | default:"—"')).toBe("ANN");
  });

  it("writes a value a formatter cannot read as it is, instead of failing the document", () => {
    expect(fmt("soon", "| date:long")).toBe("soon");
    expect(fmt("many", "| number:2")).toBe("many");
    expect(fmt(12, "| currency:cur", "en-GB", undefined, { cur: "not a code" })).toBe("12");
  });
});

describe("in a template", () => {
  it("number and date fields get a format of the locale without a formatter; other fields stay as given", async () => {
    const record = { amount: 1234.5, due: "2026-12-01", name: "2026-12-01" };
    expect(await bound("{{amount}} on {{due}}, {{name}}", record)).toBe("1,234.5 on 1 December 2026, 2026-12-01");
    expect(await bound("{{amount}} on {{due}}", record, "locale: de-DE")).toBe("1.234,5 on 1. Dezember 2026");
    expect(await bound("{{amount | currency}} on {{due | date:short}}", record, "locale: en-US\nstyle:\n  currency: USD")).toBe(
      "$1,234.50 on 12/1/26",
    );
  });

  it("a formatter's pipe inside a table cell does not cut the cell in two", async () => {
    const t = await template('| Item | Value |\n| --- | ---: |\n| Amount | {{amount | currency:EUR}} |\n| Due | {{due | date:"d MMM"}} |');
    const table = bindBody(t, { amount: 5, due: "2026-12-01" }).children[0] as import("mdast").Table;
    expect(table.children.map((row) => row.children.map((cell) => plainText(cell)))).toEqual([
      ["Item", "Value"],
      ["Amount", "€5.00"],
      ["Due", "1 Dec"],
    ]);
  });

  it("refuses an unknown formatter, a bad argument, a currency without one and a bad locale when it loads, naming the line", async () => {
    const refusal = async (body: string, fm = "") => {
      const err = await template(body, fm).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      return (err as AppError).message;
    };
    expect(await refusal("Hello\n\nDue {{due | dat:long}}")).toMatch(
      /^t\.md line 13: unknown formatter "dat" \(known: currency, number, percent, date, upper, lower, default\) in \{\{due \| dat:long\}\}/,
    );
    expect(await refusal("{{amount | number:many}}")).toMatch(/"number:many": the argument is the number of decimals/);
    expect(await refusal("{{amount | currency}}")).toMatch(/"currency" needs a currency: set style\.currency/);
    expect(await refusal("{{amount | currency:EUX}}")).toMatch(/"EUX" is not an ISO 4217 currency code/);
    expect(await refusal('{{due | date:"yyyy-QQ"}}')).toMatch(/"Q" is not a date pattern letter/);
    expect(await refusal("x", "locale: klingon-tlh-x")).toMatch(/locale/);
    expect(await refusal("x", "style:\n  currency: eur")).toMatch(/currency is an ISO 4217 code/);
  });

  it("an explain trace points at each token itself: two tokens on one line have their own columns", async () => {
    const t = await template("Dear {{name}}, you owe {{amount | currency:EUR}}\nby {{due}}.");
    const capture = new ExplainCapture(t);
    bindBody(t, { name: "Ann", amount: 5, due: "2026-12-01" }, capture);
    const tokens = capture.facts().binding.tokens.map((x) => [x.token, x.line, x.column]);
    expect(tokens).toEqual([
      ["name", 11, 6],
      ["amount", 11, 24],
      ["due", 12, 4],
    ]);
  });
});
