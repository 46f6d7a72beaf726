import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { bidi, isolatedOption } from "@/components/bidi";
import { ErrorSummary } from "@/components/ErrorSummary";
import { Radios, Select, TextInput } from "@/components/Field";
import { SummaryList } from "@/components/SummaryList";
import { isolate, isolatedRuns } from "@/lib/i18n/isolate";
import { translatorFor } from "@/lib/i18n/translator";
import type { FieldDef } from "@/lib/templates/types";
import { answerWords, fieldWords } from "@/app/portal/[workflowId]/portal-words";

/**
 * Text the sender wrote, or a participant typed, shown in a page of another direction: marked as a
 * run of its own (lib/i18n/isolate.ts) and shown as a <bdi>, so that in Arabic an English question
 * keeps its "?" at its end. The catalogues' own words are never wrapped.
 */
const html = (node: React.ReactNode) => renderToStaticMarkup(<>{node}</>);
const question: FieldDef = { key: "destination", label: "Where did you go?", type: "string", required: true, severity: "error" };

describe("isolated text", () => {
  it("is marked and read back as runs, the marks taken off", () => {
    expect(isolatedRuns(`Before ${isolate("Where did you go?")} after`)).toEqual([
      { text: "Before ", isolated: false },
      { text: "Where did you go?", isolated: true },
      { text: " after", isolated: false },
    ]);
    expect(isolatedRuns("plain")).toEqual([{ text: "plain", isolated: false }]);
    // A run inside a run stays inside it, marked; a stray closing mark is dropped; an unclosed run goes to the end.
    expect(isolatedRuns(isolate(`a ${isolate("b")} c`))).toEqual([{ text: `a ${isolate("b")} c`, isolated: true }]);
    expect(isolatedRuns("a\u2069b\u2068c")).toEqual([
      { text: "ab", isolated: false },
      { text: "c", isolated: true },
    ]);
  });

  it("is shown as a <bdi> inside the catalogue's sentence, which is left as it is", () => {
    const ar = translatorFor("ar");
    const message = ar("portal.fieldError.required", { label: isolate("Where did you go?") });
    expect(html(bidi(message))).toBe("يُرجى الإجابة عن «<bdi>Where did you go?</bdi>»");
    expect(html(bidi(ar("portal.step.continue")))).toBe(ar("portal.step.continue"));
    expect(html(bidi(["a ", isolate("b"), <em key="x">c</em>]))).toBe("a <bdi>b</bdi><em>c</em>");
  });

  it("names a field in the portal's messages isolated, with its example, and a typed answer isolated", () => {
    const words = fieldWords(translatorFor("he"), "en-GB");
    expect(words.problem(question, { rule: "required", message: "" })).toBe(
      translatorFor("he")("portal.fieldError.required", { label: isolate("Where did you go?") }),
    );
    const withExample = { ...question, pattern: "^[A-Z]{3}$", example: "LHR" };
    expect(isolatedRuns(words.problem(withExample, { rule: "pattern", message: "" })).filter((r) => r.isolated)).toEqual([
      { text: "Where did you go?", isolated: true },
      { text: "LHR", isolated: true },
    ]);
    expect(answerWords(translatorFor("ar"), question, "Lyon, France.", "en-GB")).toBe(isolate("Lyon, France."));
    // Yes and no are the catalogue's words: not isolated.
    expect(answerWords(translatorFor("ar"), { type: "boolean" }, true, "en-GB")).toBe(translatorFor("ar")("portal.answer.yes"));
  });

  it("is a <bdi> in the design system's labels, legends, options, errors, error summary and answers", () => {
    const label = isolate("Where did you go?");
    const error = translatorFor("ar")("portal.fieldError.required", { label });
    const input = html(<TextInput id="field-destination" label={label} error={error} />);
    expect(input).toContain("><bdi>Where did you go?</bdi></label>");
    expect(input).toContain("«<bdi>Where did you go?</bdi>»");
    const radios = html(<Radios id="field-mode" label={label} options={[{ value: "car", label: isolate("Car (own or hired)") }]} />);
    expect(radios).toContain("<legend");
    expect(radios).toContain("<bdi>Where did you go?</bdi></legend>");
    expect(radios).toContain("><bdi>Car (own or hired)</bdi></label>");
    // An <option> holds no element: it takes dir="auto" instead, its text without marks.
    const select = html(<Select id="field-mode" label={label} options={[{ value: "car", label: isolate("Car (own or hired)") }]} />);
    expect(select).toContain('<option value="car" dir="auto">Car (own or hired)</option>');
    expect(isolatedOption("Catalogue words")).toEqual({ text: "Catalogue words" });
    expect(html(<ErrorSummary errors={[{ targetId: "field-destination", message: error }]} title="title" />)).toContain(
      "«<bdi>Where did you go?</bdi>»</a>",
    );
    const list = html(<SummaryList rows={[{ key: "destination", label, value: isolate("Lyon, France.") }]} />);
    expect(list).toContain("<bdi>Where did you go?</bdi></dt>");
    expect(list).toContain("<bdi>Lyon, France.</bdi>");
  });

  it("leaves the catalogue's own labels alone: no <bdi>, no dir", () => {
    const ar = translatorFor("ar");
    const markup = html(<TextInput id="reason" label={ar("portal.decide.comment")} hint={ar("portal.decide.commentHint")} />);
    expect(markup).not.toMatch(/<bdi|dir=/);
  });
});
