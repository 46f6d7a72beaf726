import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import { enqueueWorkflowCallback } from "./callback/enqueue-callback";
import { mailOutcome } from "./outcome-mail";

/**
 * Called in the transaction that moves a workflow to complete, rejected or cancelled, with the
 * updated row: the one place where follow-ups of an ended workflow (the callback, the participants'
 * outcome mail) are queued.
 */
export async function onWorkflowTerminal(tx: Tx, wf: Workflow): Promise<void> {
  await enqueueWorkflowCallback(tx, wf);
  await mailOutcome(tx, wf);
}
