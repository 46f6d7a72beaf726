import { describe, expect, it } from "vitest";
import type { Principal } from "@/lib/auth/principal";
import { refusalWords } from "@/app/console/workflows/workflow-words";
import { refusalOf, runWorkflowAction, workflowPermissions, type WorkflowConsoleAction } from "@/lib/console/workflow-actions";
import { approvalStages } from "@/lib/console/workflow-detail";
import { AppError } from "@/lib/http/problem";
import { translatorFor } from "@/lib/i18n/translator";
import type { ValidationResult } from "@/lib/workflow/validation/validation-result";
import { workflowRow } from "../support/workflow-row";

const who = (email: string | null, roles: string[] = []) =>
  ({
    email,
    subject: email ?? "svc",
    roles,
    claims: {},
    tenant: { id: "acme", approvers: ["ann@acme.test", "bob@acme.test"] },
  }) as unknown as Principal;
const wf = (over: Parameters<typeof workflowRow>[0] = {}) => workflowRow({ createdBy: "sam@acme.test", ...over });
/** A domain refusal as the console's pages say it in English. */
const plainWords = (err: AppError, action: WorkflowConsoleAction) => {
  const r = refusalOf(err);
  return { message: refusalWords(translatorFor("en-GB"), r, action), ...(r.field ? { field: r.field } : {}) };
};

const failed: ValidationResult = { ruleId: "limit", passed: false, severity: "error", message: "Too much", fieldKey: "name", stepIndex: 0 };
const allowed = (w: ReturnType<typeof wf>, p: Principal) =>
  Object.entries(workflowPermissions(w, p).can)
    .filter(([, ok]) => ok)
    .map(([a]) => a);

describe("console workflow permissions", () => {
  it("offers the stage's approver the decisions, the initiator escalate, seal and cancel, anyone else cancel only", () => {
    expect(allowed(wf(), who("stage@acme.test"))).toEqual(["approve", "reject", "request-changes", "cancel"]);
    expect(allowed(wf(), who("sam@acme.test"))).toEqual(["escalate", "cancel", "seal"]);
    expect(allowed(wf(), who("ann@acme.test"))).toEqual(["cancel"]);
    expect(allowed(wf(), who("ann@acme.test", ["admin"]))).toEqual(["escalate", "cancel", "seal"]);
    // Escalated to: may decide too; once everyone was asked there is nobody left to escalate to.
    expect(allowed(wf({ escalatedTo: ["ann@acme.test", "bob@acme.test"] }), who("ann@acme.test"))).toEqual([
      "approve",
      "reject",
      "request-changes",
      "cancel",
    ]);
    expect(workflowPermissions(wf({ escalatedTo: ["ann@acme.test", "bob@acme.test"] }), who("sam@acme.test")).can.escalate).toBe(false);
  });

  it("never lets the initiator decide, even as a named approver", () => {
    const own = wf({ createdBy: "stage@acme.test" });
    const p = workflowPermissions(own, who("stage@acme.test"));
    expect(p.can.approve).toBe(false);
    expect(plainWords(p.refusals.approve!, "approve").message).toBe("You started this workflow, so another approver has to decide it.");
  });

  it("follows the rule results: failed error rules allow an exception, not a plain approval; validation-failed is a governance review", () => {
    const review = wf({ state: "validation-failed", approvalStage: 0, validationOutcome: "failed", validationResults: [failed] });
    expect(allowed(review, who("stage@acme.test"))).toEqual(["approve-with-exception", "reject", "cancel"]);
    const excepted = wf({
      validationResults: [failed],
      approvalException: { justification: "ok", failedRules: ["limit"], stage: 1, by: "x", at: "t" },
    });
    expect(workflowPermissions(excepted, who("stage@acme.test")).can.approve).toBe(true);
  });

  it("offers nothing on an ended workflow but a retried seal while sealing", () => {
    for (const state of ["complete", "rejected", "cancelled"]) expect(allowed(wf({ state }), who("sam@acme.test")), state).toEqual([]);
    expect(allowed(wf({ state: "sealing" }), who("sam@acme.test"))).toEqual(["seal"]);
    expect(plainWords(workflowPermissions(wf({ state: "complete" }), who("stage@acme.test")).refusals.approve!, "approve").message).toBe(
      "This workflow is now complete, so you can no longer approve it. Someone may have acted on it already.",
    );
  });
});

describe("console workflow actions", () => {
  it("refuses what the API's body schemas refuse, and unstorable text, before touching the workflow", async () => {
    const p = who("stage@acme.test");
    expect(await runWorkflowAction(p, "w", "request-changes", { message: "  ", fieldKey: "", severity: "error" })).toEqual({
      ok: false,
      field: "message",
      reason: "messageMissing",
    });
    expect(await runWorkflowAction(p, "w", "request-changes", { message: "x", fieldKey: "", severity: "urgent" })).toMatchObject({
      field: "severity",
    });
    expect(await runWorkflowAction(p, "w", "approve", { comment: "fine\u0000" })).toMatchObject({ ok: false, field: "comment" });
    const long = await runWorkflowAction(p, "w", "approve", { comment: "x".repeat(5001) });
    expect(long).toMatchObject({ ok: false, field: "comment", reason: "commentTooLong", max: 5000 });
    expect(refusalWords(translatorFor("en-GB"), long as Parameters<typeof refusalWords>[1], "approve")).toBe(
      "The comment must be 5,000 characters or fewer",
    );
  });

  it("says the domain's refusals in plain words, with the field they are about", () => {
    expect(plainWords(new AppError("workflow.justification_required"), "approve-with-exception")).toEqual({
      field: "justification",
      message: "Explain why you approve although rules failed",
    });
    expect(plainWords(new AppError("workflow.invalid_state", "x", { state: "cancelled" }), "request-changes").message).toBe(
      "This workflow is now cancelled, so you can no longer ask for changes to it. Someone may have acted on it already.",
    );
    expect(plainWords(new AppError("workflow.not_initiator"), "seal").message).toContain("Only the person who started this workflow");
    expect(plainWords(new AppError("template.invalid", "Something specific"), "approve").message).toBe(
      "This could not be done: \u2068Something specific\u2069",
    );
  });
});

describe("console approval stages", () => {
  it("shows who decided each stage in the current round: a request for changes starts approval again", () => {
    const two = (over: Parameters<typeof workflowRow>[0]) => {
      const w = wf(over);
      w.schema.approval.stages = [["stage@acme.test"], ["bob@acme.test"]];
      return w;
    };
    const at = "2026-03-02T10:00:00.000Z";
    const history = [
      { action: "approved" as const, stage: 1, by: "stage@acme.test", comment: null, at },
      { action: "changes-requested" as const, stage: 2, by: "bob@acme.test", comment: "1 change(s) requested", at },
      { action: "approved" as const, stage: 1, by: "stage@acme.test", comment: "again", at },
    ];
    const stages = approvalStages(two({ approvalStage: 2, approvalHistory: history }), ["ann@acme.test"]);
    expect(stages.map((s) => [s.stage, s.approvers, s.status, s.decisions.map((d) => d.comment)])).toEqual([
      [1, ["stage@acme.test"], "decided", ["again"]],
      [2, ["bob@acme.test"], "waiting", []],
    ]);
    expect(approvalStages(two({ approvalStage: 1 }), []).map((s) => s.status)).toEqual(["waiting", "later"]);
  });
});
