import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import { enqueueWorkflowCallback, type SignerDeclined } from "./callback/enqueue-callback";
import { mailOutcome } from "./portal/outcome-mail";

/**
 * Called in the transaction that moves a workflow to complete, rejected or cancelled, with the
 * updated row: the one place where follow-ups of an ended workflow (the callback, the participants'
 * outcome mail) are queued. `declined`: a signer's refusal ended it (e-signature).
 */
export async function onWorkflowTerminal(tx: Tx, wf: Workflow, declined?: SignerDeclined): Promise<void> {
  await enqueueWorkflowCallback(tx, wf, declined);
  await mailOutcome(tx, wf, declined);
}
