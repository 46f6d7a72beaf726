import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/http/problem";
import { assertCancellable } from "@/lib/workflow/cancel-workflow";
import { assertCan, assertOutcome, canDo, terminalStates, transitions, workflowStates } from "@/lib/workflow/states";

describe("workflow transitions", () => {
  it("follows the spec's table", () => {
    expect(canDo("advance", "in-progress")).toBe(true);
    expect(canDo("fix-validation", "validation-failed")).toBe(true);
    expect(canDo("approve", "pending-approval")).toBe(true);
    expect(canDo("request-changes", "pending-approval")).toBe(true);
    expect(canDo("reject", "pending-approval")).toBe(true);
    for (const s of ["pending-approval", "validation-failed", "sealing", "complete", "cancelled"])
      expect(canDo("save-step", s)).toBe(false);
    expect(canDo("fix-validation", "in-progress")).toBe(false);
  });

  it("cancels any open workflow and voids one collecting signatures, never one being sealed or ended", () => {
    const cancellable = workflowStates.filter((s) => canDo("cancel", s));
    expect(cancellable).toEqual(["in-progress", "pending-approval", "validation-failed", "changes-requested", "sealing"]);
    for (const s of terminalStates) expect(canDo("cancel", s)).toBe(false);
    // Sealing covers both: the seal job still at work (no revision yet), and signatures being collected.
    expect(() => assertCancellable({ state: "sealing", documentRevision: null })).toThrow(/being sealed cannot be cancelled/);
    expect(() => assertCancellable({ state: "sealing", documentRevision: 0 })).not.toThrow();
    expect(() => assertCancellable({ state: "complete", documentRevision: 2 })).toThrow(AppError);
  });

  it("leaves no terminal state by any action", () => {
    for (const [action, t] of Object.entries(transitions)) {
      for (const s of terminalStates)
        expect({ action, from: s, allowed: (t.from as readonly string[]).includes(s) }).toEqual({ action, from: s, allowed: false });
    }
  });

  it("answers a wrong-state call with 409 workflow.invalid_state naming the allowed states", () => {
    try {
      assertCan("advance", "pending-approval");
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      expect([e.code, e.status]).toEqual(["workflow.invalid_state", 409]);
      expect(e.extra).toMatchObject({ state: "pending-approval", allowedStates: ["in-progress", "changes-requested"] });
    }
    expect(() => assertOutcome("advance", "complete")).toThrow(/cannot lead to complete/);
  });
});
