import { getWorkflow } from "@/lib/workflow/get-workflow";
import { workflowStatus } from "@/lib/workflow/present-workflow";
import { sealedFileName } from "@/lib/workflow/sealing/sealed-file-name";
import { signingPayload } from "./present-signing";
import { listSigners, signsAfterSealing } from "./signers";

/**
 * GET /api/workflow/{id}/status: the status, the name GET …/sealed gives the finished file, and
 * `signing` (signers' addresses masked for a participant's token).
 */
export async function statusWithSigning(tenantId: string, workflowId: string, opts: { mask: boolean }) {
  const wf = await getWorkflow(tenantId, workflowId);
  const signers = signsAfterSealing(wf) ? await listSigners(tenantId, workflowId) : [];
  return { ...workflowStatus(wf), sealedFileName: wf.sealedKey ? sealedFileName(wf) : null, signing: signingPayload(wf, signers, opts) };
}
