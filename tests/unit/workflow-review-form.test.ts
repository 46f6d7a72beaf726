import { describe, expect, it } from "vitest";
import { governanceBody, requestChangesBody } from "@/lib/workflow/api-schemas";
import { changeRequestForm, decisionForm, emptyChange, toGovernanceBody, toRequestChangesBody } from "@/lib/workflow/approval/review-form";
import { allowedDecisions, blockingRuleIds } from "@/lib/workflow/approval/review-rules";
import type { ValidationResult } from "@/lib/workflow/validation/validation-result";

const result = (ruleId: string, passed: boolean, severity: "error" | "warning" = "error"): ValidationResult => ({
  ruleId,
  passed,
  severity,
  message: ruleId,
  fieldKey: "amount",
  stepIndex: 0,
});
const messages = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("reviewer decisions allowed by the rule results", () => {
  it("blocks a plain approve on a failed error rule, not on a failed warning or a rule an earlier stage excepted", () => {
    const results = [result("limit", false), result("note", false, "warning"), result("dates", true)];
    expect(blockingRuleIds(results, null)).toEqual(["limit"]);
    expect(allowedDecisions(results, null)).toEqual({ approve: false, "approve-with-exception": true, reject: true });
    const excepted = {
      justification: "board said so",
      failedRules: ["limit"],
      stage: 1,
      by: "approver@acme.test",
      at: "2026-11-23T10:00:00.000Z",
    };
    expect(blockingRuleIds(results, excepted)).toEqual([]);
    expect(allowedDecisions(results, excepted)).toEqual({ approve: true, "approve-with-exception": false, reject: true });
    expect(allowedDecisions([], null).approve).toBe(true);
  });
});

describe("request-changes form", () => {
  const form = changeRequestForm(new Set(["amount", "travellerName"]));

  it("turns what was typed into a body the server's schema accepts, leaving empty parts out", () => {
    const typed = {
      changes: [
        { fieldKey: "amount", message: "  Match the receipts ", severity: "warning" as const, category: " money ", dueDate: "2027-06-01" },
        { ...emptyChange(), message: "Attach the hotel invoice" },
      ],
    };
    expect(form.safeParse(typed).success).toBe(true);
    const body = toRequestChangesBody(typed);
    expect(body).toEqual({
      changes: [
        { fieldKey: "amount", message: "Match the receipts", severity: "warning", category: "money", dueDate: "2027-06-01" },
        { message: "Attach the hotel invoice", severity: "error" },
      ],
    });
    expect(requestChangesBody.parse(body)).toEqual(body);
  });

  it("names every problem in words a reviewer understands", () => {
    const bad = { changes: [{ fieldKey: "salary", message: "   ", severity: "", category: "x".repeat(101), dueDate: "2027-02-30" }] };
    expect(messages(form.safeParse(bad))).toEqual([
      "changes.0.fieldKey: Choose a question from the list",
      "changes.0.message: Enter what needs to change",
      "changes.0.severity: Choose how important the change is",
      "changes.0.category: The category must be 100 characters or fewer",
      "changes.0.dueDate: The due date must be a real date",
    ]);
    expect(messages(form.safeParse({ changes: [{ ...emptyChange(), message: "ok", dueDate: "2027--01" }] }))).toEqual([
      "changes.0.dueDate: The due date must include a month",
    ]);
    expect(messages(form.safeParse({ changes: [] }))).toEqual(["changes: Add at least one change"]);
    expect(messages(form.safeParse({ changes: [{ ...emptyChange(), severity: null, message: "ok" }] }))).toEqual([
      "changes.0.severity: Choose how important the change is",
    ]);
  });
});

describe("governance decision form", () => {
  const failed = decisionForm(allowedDecisions([result("limit", false)], null));
  const passed = decisionForm(allowedDecisions([result("limit", true)], null));

  it("needs a decision, a justification for an exception, and refuses a decision the results do not allow", () => {
    expect(messages(failed.safeParse({ decision: null, reason: "" }))).toEqual(["decision: Choose your decision"]);
    expect(messages(failed.safeParse({ decision: "approve-with-exception", reason: "  " }))).toEqual([
      "reason: Explain why you approve although rules failed",
    ]);
    expect(messages(failed.safeParse({ decision: "approve", reason: "" }))).toEqual([
      "decision: That decision is not possible for these rule results",
    ]);
    expect(messages(passed.safeParse({ decision: "approve-with-exception", reason: "why" }))).toEqual([
      "decision: That decision is not possible for these rule results",
    ]);
    expect(passed.safeParse({ decision: "reject", reason: "" }).success).toBe(true);
  });

  it("sends the reason as the justification of an exception and as the comment otherwise, as the server's schema reads them", () => {
    const bodies = [
      toGovernanceBody({ decision: "approve-with-exception", reason: " Board approved it " }),
      toGovernanceBody({ decision: "approve", reason: "Fine" }),
      toGovernanceBody({ decision: "reject", reason: "" }),
    ];
    expect(bodies).toEqual([
      { decision: "approve-with-exception", justification: "Board approved it" },
      { decision: "approve", comment: "Fine" },
      { decision: "reject" },
    ]);
    for (const b of bodies) expect(governanceBody.parse(b)).toEqual(b);
  });
});
