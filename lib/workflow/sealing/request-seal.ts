import type { Principal } from "@/lib/auth/bearer";
import type { Workflow } from "@/lib/db/schema";
import { getBlobStore } from "@/lib/blob/store";
import { pdfResponse } from "@/lib/http/pdf-response";
import { AppError } from "@/lib/http/problem";
import { requestSeal } from "../approval/approval-stage";
import { isInitiator } from "../approval/approvers";
import { changeWorkflow } from "../change-workflow";
import { bearerActor } from "../events";
import { getWorkflow } from "../get-workflow";
import { sealedFileName } from "./sealed-file-name";

export const mayManage = (wf: Workflow, principal: Principal) =>
  isInitiator(wf, principal.email ?? principal.subject) || principal.roles.includes("admin");

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

/**
 * GET /api/workflow/{id}/sealed: the sealed PDF, for a bearer caller of the tenant or the workflow's
 * portal tokens (participant and reviewer) once complete; 409 workflow.not_sealed before.
 */
export async function readSealed(tenantId: string, workflowId: string) {
  const wf = await getWorkflow(tenantId, workflowId);
  if (!wf.sealedKey || !wf.sealedSha256)
    throw new AppError("workflow.not_sealed", `The workflow is ${wf.state}; the sealed PDF exists once it is complete`, {
      state: wf.state,
    });
  const pdf = await getBlobStore().get(wf.sealedKey);
  if (!pdf) throw new Error(`sealed PDF of workflow ${wf.id} missing from the blob store`);
  return { pdf, sha256: wf.sealedSha256, fileName: sealedFileName(wf) };
}

/** The sealed PDF as a download with its SHA-256 in `X-Content-SHA256` (the API's and the console's route alike). */
export async function sealedResponse(tenantId: string, workflowId: string): Promise<Response> {
  const { pdf, sha256, fileName } = await readSealed(tenantId, workflowId);
  return pdfResponse(pdf, { filename: fileName, headers: { "x-content-sha256": sha256 } });
}
