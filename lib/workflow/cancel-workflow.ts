import type { Principal } from "@/lib/auth/bearer";
import { changeWorkflow } from "./change-workflow";
import { bearerActor } from "./events";
import { onWorkflowTerminal } from "./on-terminal";

/**
 * POST /api/workflow/{id}/cancel (not in the spec): any caller of the tenant may cancel a workflow
 * that is still open (in-progress, validation-failed, changes-requested, pending-approval); one being
 * sealed or already ended is 409. Portal tokens of a cancelled workflow still read it, and change nothing.
 */
export async function cancelWorkflow(principal: Principal, workflowId: string) {
  const wf = await changeWorkflow(principal.tenant.id, workflowId, "cancel", bearerActor(principal), () => {
    const now = new Date();
    return { set: { state: "cancelled", completedAt: now, approvalRequestedAt: null }, event: { kind: "workflow.cancelled" }, also: onWorkflowTerminal };
  });
  return { workflowId: wf.id, correlationId: wf.correlationId, state: wf.state, completedAt: wf.completedAt?.toISOString() ?? null };
}
