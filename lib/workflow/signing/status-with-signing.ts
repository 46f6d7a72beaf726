import { getWorkflow } from "../get-workflow";
import { workflowStatus } from "../present-workflow";
import { signingPayload } from "./present-signing";
import { listSigners, signsAfterSealing } from "./signers";

/** GET /api/workflow/{id}/status: the status, with `signing` (signers' addresses masked for a participant's token). */
export async function statusWithSigning(tenantId: string, workflowId: string, opts: { mask: boolean }) {
  const wf = await getWorkflow(tenantId, workflowId);
  const signers = signsAfterSealing(wf) ? await listSigners(tenantId, workflowId) : [];
  return { ...workflowStatus(wf), signing: signingPayload(wf, signers, opts) };
}
