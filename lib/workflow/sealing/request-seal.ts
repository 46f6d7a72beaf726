import type { Principal } from "@/lib/auth/bearer";
import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import { sendEvent } from "@/lib/jobs/send-event";
import { mayManage } from "../approval/approvers";
import { changeWorkflow } from "../change-workflow";
import { bearerActor } from "../events";

/** Queues the seal job in `tx`: it runs once the change that asked for it commits. */
export const requestSeal = (tx: Tx, wf: Workflow) =>
  sendEvent(tx, { name: "workflow/seal.requested", data: { workflowId: wf.id, tenantId: wf.tenantId } });

/**
 * POST /api/workflow/{id}/seal (initiator or admin; 403 workflow.not_initiator otherwise): from
 * pending-approval it seals without the approval gate (recorded in the history as seal-requested);
 * in sealing it sends the seal job again (retry of a failed or stuck seal; harmless when one runs:
 * the first stored PDF wins). Any other state is 409.
 */
export async function requestSealByCaller(principal: Principal, workflowId: string) {
  const actor = bearerActor(principal);
  const wf = await changeWorkflow(principal.tenant.id, workflowId, "seal", actor, (wf) => {
    if (!mayManage(wf, principal))
      throw new AppError("workflow.not_initiator", "Only the initiator of the workflow or an admin may seal it");
    const now = new Date();
    const retry = wf.state === "sealing";
    return {
      set: retry
        ? {}
        : {
            state: "sealing",
            approvalRequestedAt: null,
            approvalHistory: [
              ...wf.approvalHistory,
              {
                action: "seal-requested",
                stage: wf.approvalStage,
                by: actor.name,
                comment: "sealed without the approval gate",
                at: now.toISOString(),
              },
            ],
          },
      event: { kind: "seal.requested", detail: { retry, approvalSkipped: !retry } },
      also: (tx, updated) => requestSeal(tx, updated),
    };
  });
  return { workflowId: wf.id, state: wf.state };
}
