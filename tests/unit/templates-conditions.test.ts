import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ExplainCapture } from "@/lib/explain/capture";
import { AppError } from "@/lib/http/problem";
import { bindBody, plainText, tidyEmpties } from "@/lib/templates/bind";
import { parseCondition } from "@/lib/templates/condition-expression";
import { parseTemplate } from "@/lib/templates/load-template";
import { conditionHolds } from "@/lib/workflow/validation/logic";

const template = (body: string) =>
  parseTemplate(
    "t.md",
    ["---", "title: t", "fields:", "  - key: amountDue", "    type: number", "  - key: plan", "  - key: nickname", "---", body].join("\n"),
  );
const bound = async (body: string, record: Record<string, unknown>) => plainText(bindBody(await template(body), record));

describe("condition expressions", () => {
  it("become the JSON Logic that workflow rules use", () => {
    expect(parseCondition("amountDue > 1000")).toEqual({ ">": [{ var: "amountDue" }, 1000] });
    expect(parseCondition('plan == "premium" and not autopay')).toEqual({
      and: [{ "==": [{ var: "plan" }, "premium"] }, { "!": [{ "!!": [{ var: "autopay" }] }] }],
    });
    expect(parseCondition("(a || b) && c.d != 'x'")).toEqual({
      and: [{ or: [{ "!!": [{ var: "a" }] }, { "!!": [{ var: "b" }] }] }, { "!=": [{ var: "c.d" }, "x"] }],
    });
  });

  it("hold exactly when the same comparison in JavaScript does, for any numbers", () => {
    const js = (a: number, op: string, b: number) =>
      ({ ">": a > b, ">=": a >= b, "<": a < b, "<=": a <= b, "==": a === b, "!=": a !== b })[op];
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.constantFrom(">", ">=", "<", "<=", "==", "!="),
        (a, limit, op) => {
          expect(conditionHolds(parseCondition(`amount ${op} ${limit / 100}`), { amount: a / 100 }).holds).toBe(
            js(a / 100, op, limit / 100),
          );
        },
      ),
    );
  });

  it("say what cannot be read", () => {
    expect(() => parseCondition("amountDue >")).toThrow(/ends too early/);
    expect(() => parseCondition("amountDue 1000")).toThrow(/join conditions with and \/ or/);
    expect(() => parseCondition("(a or b")).toThrow(/not closed/);
    expect(() => parseCondition("a = 1")).toThrow(/cannot read "= 1"/);
  });
});

describe("{{#if}} and {{#unless}} in a template", () => {
  const body = [
    "# Notice",
    "",
    "{{#if amountDue > 1000}}",
    "",
    "A large amount: {{amountDue}}.",
    "",
    "{{else}}",
    "",
    "A small amount.",
    "",
    "{{/if}}",
    "",
    "{{#unless nickname}}",
    "",
    "No nickname.",
    "",
    "{{/unless}}",
    "",
    'Dear customer{{#if plan == "plus"}} on **plus**{{/if}}, thank you.',
  ].join("\n");

  it("keep the blocks and the inline text of the branches taken", async () => {
    expect(await bound(body, { amountDue: 1500, plan: "plus" })).toBe(
      "Notice\nA large amount: 1,500.\nNo nickname.\nDear customer on plus, thank you.",
    );
    expect(await bound(body, { amountDue: 20, plan: "basic", nickname: "Al" })).toBe("Notice\nA small amount.\nDear customer, thank you.");
  });

  it("are decided per item inside a section, where they may name the item's keys", async () => {
    const text = await bound(["{{#items}}", "", "- {{label}}{{#if paid}} (paid){{/if}}", "", "{{/items}}"].join("\n"), {
      items: [
        { label: "A", paid: true },
        { label: "B", paid: false },
      ],
    });
    expect(text).toBe("A (paid)B");
  });

  it("are listed in the explain trace with whether they held, at the marker's line", async () => {
    const t = await template(body);
    const capture = new ExplainCapture(t);
    bindBody(t, { amountDue: 5, plan: "plus" }, capture);
    expect(capture.facts().binding.conditions.map((c) => [c.kind, c.expression, c.held, c.line])).toEqual([
      ["if", "amountDue > 1000", false, 11],
      ["unless", "nickname", false, 21],
      ["if", 'plan == "plus"', true, 27],
    ]);
  });

  it("must close where they open: a template that does not is refused when it loads, naming the line", async () => {
    const refusal = async (b: string) => ((await template(b).catch((e: unknown) => e)) as AppError).message;
    expect(await refusal("Hi\n\n{{#if plan}}\n\nx")).toMatch(/^t\.md line 11: \{\{#if plan\}\} is not closed here/);
    expect(await refusal("Hi {{#if plan}} **x {{/if}}**")).toMatch(/line 9: .*not closed/);
    expect(await refusal("{{else}}")).toMatch(/\{\{else\}\} outside \{\{#if\}\}/);
    expect(await refusal("{{#if plan ==}}x{{/if}}")).toMatch(/the condition "plan ==" cannot be read/);
  });
});

describe("a value not given leaves no trace", () => {
  it("no double space, no dangling comma, no empty brackets", async () => {
    const record = { plan: "basic" };
    expect(await bound("Your manager {{nickname}} is glad to help.", record)).toBe("Your manager is glad to help.");
    expect(await bound("Plan {{plan}}, {{nickname}}, thanks", record)).toBe("Plan basic, thanks");
    expect(await bound("Guten Tag {{nickname}}, bitte zahlen Sie", record)).toBe("Guten Tag, bitte zahlen Sie");
    expect(await bound("{{nickname}}, Berlin", record)).toBe("Berlin");
    expect(await bound("Berlin, {{nickname}}.", record)).toBe("Berlin.");
    expect(await bound("Customer C1 ({{nickname}}) wrote.", record)).toBe("Customer C1 wrote.");
    expect(await bound("Customer C1 ({{plan}}) wrote.", record)).toBe("Customer C1 (basic) wrote.");
  });

  it("leaves a table without the rows of values not given, and keeps rows of values given", async () => {
    const t = await template("| Item | Value |\n| --- | --- |\n| Amount | {{amountDue}} |\n| Nickname | {{nickname}} |\n| Note | fixed |");
    const table = bindBody(t, { amountDue: 5 }).children[0] as import("mdast").Table;
    expect(table.children.map((r) => r.children.map((c) => plainText(c)))).toEqual([
      ["Item", "Value"],
      ["Amount", "5"],
      ["Note", "fixed"],
    ]);
  });

  it("leaves no marker, no double space and every word in its order, however values and punctuation fall", () => {
    const E = "\uE001";
    fc.assert(
      fc.property(fc.array(fc.constantFrom("Ann", "Berlin", "thanks", ",", ".", E), { minLength: 1, maxLength: 12 }), (pieces) => {
        const out = tidyEmpties(pieces.join(" "));
        expect(out).not.toContain(E);
        expect(out).not.toMatch(/ {2}/);
        const words = (t: string) => t.split(/[\s,.]+/).filter((w) => w && w !== E);
        expect(words(out)).toEqual(words(pieces.join(" ")));
      }),
    );
  });
});
