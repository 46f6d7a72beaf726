import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewExamples } from "@/lib/templates/api-examples";
import { expectDocumented } from "../support/documented";
import { pdfText } from "../support/pdf";
import { expectProblem } from "../support/problem";
import { addDemoTemplates, startStack, type Stack } from "../support/stack";

/** POST /api/templates/preview against the real stack: the PDF read back, its findings, and nothing stored. */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  addDemoTemplates(stack);
});
afterAll(async () => stack?.stop());

interface PreviewAnswer {
  pdf: string;
  pageCount: number;
  findings: Array<{ severity: string; code: string; message: string; line?: number; field?: string }>;
  conditions: Array<{ expression: string; held: boolean; line?: number }>;
  fields: Array<{ key: string }>;
  accessibility: { headings: string; contrast: string | null; pdfUa: { result: string; failedRules: string[] } | null };
}

const preview = async (body: unknown) => stack.api("submitter", "POST", "/api/templates/preview", body);
const textOf = async (answer: PreviewAnswer) => (await pdfText(Buffer.from(answer.pdf, "base64"))).replace(/\s+/g, " ");

describe("a template preview", () => {
  it("renders a saved template with one record: the PDF, its conditions, and a scorecard that passes", async () => {
    const res = await preview(previewExamples.savedNotice.value);
    const answer = (await expectDocumented(res, "POST", "/api/templates/preview")) as PreviewAnswer;
    expect(answer.pageCount).toBe(1);
    const text = await textOf(answer);
    expect(text).toContain("Amount due €1,520.50 Due date 1 December 2026");
    expect(text).toContain("your account manager Kim Lee is glad to help");
    // Conditions around blocks are decided before those inside a paragraph.
    expect(answer.conditions.map((c) => [c.expression, c.held])).toEqual([
      ["amountDue > 1000", true],
      ["accountManager", true],
    ]);
    expect(answer.accessibility).toMatchObject({ headings: "PASS", contrast: "AAA", pdfUa: { result: "PASS", failedRules: [] } });
    expect(answer.fields.map((f) => f.key)).toContain("amountDue");
  });

  it("renders a draft given as text in its locale, and lists what is missing with its field and line", async () => {
    const draft = previewExamples.draft.value;
    const answer = (await expectDocumented(await preview(draft), "POST", "/api/templates/preview")) as PreviewAnswer;
    expect(await textOf(answer)).toContain(
      "Guten Tag Jonas Weber, bitte zahlen Sie 1.250,00 € bis 15. Dezember 2026. Ratenzahlung ist möglich.",
    );

    const missing = (await (await preview({ ...draft, record: { amount: 20 } })).json()) as PreviewAnswer;
    expect(missing.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ severity: "error", code: "record.field_invalid", field: "name" }),
        expect.objectContaining({ severity: "warning", code: "binding.missing", message: expect.stringContaining("{{name}}"), line: 16 }),
      ]),
    );
    // The value not given leaves no gap: the greeting keeps its comma, the sentence its full stop.
    expect(await textOf(missing)).toContain("Guten Tag, bitte zahlen Sie 20,00 € bis.");
  });

  it("refuses a draft with a wrong formatter or an unclosed condition, naming the line, and stores nothing", async () => {
    const before = (await (await stack.api("submitter", "GET", "/api/dispatch/batch?limit=1")).json()).total;
    const bad = previewExamples.draft.value.template.replace("{{amount | currency}}", "{{amount | money}}");
    const problem = await expectProblem(await preview({ template: bad, record: {} }), 422, "template.invalid");
    expect(problem.detail).toMatch(/^preview\.md line 16: unknown formatter "money"/);
    const unclosed = previewExamples.draft.value.template.replace("{{/if}}", "");
    expect((await expectProblem(await preview({ template: unclosed, record: {} }), 422, "template.invalid")).detail).toMatch(
      /line 18: \{\{#if amount > 1000\}\} is not closed/,
    );
    expect((await (await stack.api("submitter", "GET", "/api/dispatch/batch?limit=1")).json()).total).toBe(before);
  });

  it("needs a token, and exactly one of templatePath and template", async () => {
    await expectProblem(await stack.api(null, "POST", "/api/templates/preview", previewExamples.savedNotice.value), 401);
    await expectProblem(await preview({ templatePath: "notice.md", template: "---\ntitle: x\n---\n", record: {} }), 400, "request.invalid");
    await expectProblem(await preview({ templatePath: "../../etc/passwd", record: {} }), 422, "template.path_invalid");
  });
});
