import { getBlobStore } from "@/lib/blob/store";
import { pdfResponse } from "@/lib/http/pdf-response";
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

/** The sealed PDF as a download with its SHA-256 in `X-Content-SHA256` (the API's and the console's route alike). */
export async function sealedResponse(tenantId: string, workflowId: string): Promise<Response> {
  const { pdf, sha256, fileName } = await readSealed(tenantId, workflowId);
  return pdfResponse(pdf, { filename: fileName, headers: { "x-content-sha256": sha256 } });
}
