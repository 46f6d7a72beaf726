import { getBlobStore } from "@/lib/blob/store";
import { AppError } from "@/lib/http/problem";
import { getWorkflow } from "../get-workflow";
import { sealedFileName } from "./sealed-file-name";

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
