import type { Principal } from "@/lib/auth/bearer";
import type { Workflow } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import { changeWorkflow } from "./change-workflow";
import { bearerActor } from "./events";
import { onWorkflowTerminal } from "./on-terminal";
import { tellSignersSigningEnded } from "@/lib/signing/signers/signing-ended";
import { assertCan, transitions } from "./states";

/**
 * POST /api/workflow/{id}/cancel (not in the spec): any caller of the tenant may cancel a workflow
 * that is still open (in-progress, validation-failed, changes-requested, pending-approval), or void
 * one whose sealed record is collecting signatures: the links die, the signers asked are told, and
 * the signatures already given stay in their revisions. One still being sealed, or already ended, is
 * 409. Portal tokens of a cancelled workflow still read it, and change nothing.
 */
export async function cancelWorkflow(principal: Principal, workflowId: string) {
  const wf = await changeWorkflow(principal.tenant.id, workflowId, "cancel", bearerActor(principal), (current) => {
    assertCancellable(current);
    const signing = current.state === "sealing";
    const now = new Date();
    return {
      set: { state: "cancelled", completedAt: now, approvalRequestedAt: null },
      event: { kind: "workflow.cancelled", detail: signing ? { signing: "voided", revision: current.documentRevision } : undefined },
      also: async (tx, updated) => {
        await onWorkflowTerminal(tx, updated);
        if (signing) await tellSignersSigningEnded(tx, updated, { by: "initiator" });
      },
    };
  });
  return { workflowId: wf.id, correlationId: wf.correlationId, state: wf.state, completedAt: wf.completedAt?.toISOString() ?? null };
}

/** 409 workflow.invalid_state unless `wf` may be cancelled now: still open, or sealed and collecting signatures. */
export function assertCancellable(wf: Pick<Workflow, "state" | "documentRevision">): void {
  assertCan("cancel", wf.state);
  if (wf.state === "sealing" && wf.documentRevision === null) {
    throw new AppError(
      "workflow.invalid_state",
      "A workflow being sealed cannot be cancelled; once its signatures are being collected it can",
      {
        state: wf.state,
        allowedStates: transitions.cancel.from,
      },
    );
  }
}
