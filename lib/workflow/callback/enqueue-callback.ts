import { z } from "zod";
import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { sendEvent } from "@/lib/jobs/send-event";
import { terminalStates, type WorkflowState } from "../states";

export const CALLBACK_EVENT = "workflow/callback.requested";

export const callbackPayload = z.object({
  tenantId: z.string(),
  workflowId: z.string().uuid(),
  messageId: z.string(),
  /**
   * The callback body (docs/spec.md, "Events": workflowId, correlationId, state, completedAt), fixed when the state was
   * reached; a workflow rejected because a signer declined to sign says who and why (`declined`).
   */
  body: z.object({
    workflowId: z.string(),
    correlationId: z.string(),
    state: z.string(),
    completedAt: z.string(),
    declined: z.object({ signer: z.number(), name: z.string(), email: z.string(), reason: z.string() }).optional(),
  }),
});
export type CallbackPayload = z.infer<typeof callbackPayload>;

/**
 * Call in the transaction that moves a workflow into complete, rejected or cancelled: when it has a
 * callbackUrl, the delivery job is queued with the change (both commit or neither). The event id makes
 * a repeated call for the same state a no-op.
 */
/** A signer's refusal that ended a workflow rejected (the callback and the outcome mail say so). */
export interface SignerDeclined {
  signer: number;
  name: string;
  email: string;
  reason: string;
}

export async function enqueueWorkflowCallback(tx: Tx, wf: Workflow, declined?: SignerDeclined): Promise<void> {
  if (!wf.callbackUrl || !(terminalStates as readonly string[]).includes(wf.state)) return;
  const payload: CallbackPayload = {
    tenantId: wf.tenantId,
    workflowId: wf.id,
    messageId: `msg_${newId().replace(/-/g, "")}`,
    body: {
      workflowId: wf.id,
      correlationId: wf.correlationId,
      state: wf.state as WorkflowState,
      completedAt: (wf.completedAt ?? new Date()).toISOString(),
      ...(declined ? { declined } : {}),
    },
  };
  await sendEvent(tx, { name: CALLBACK_EVENT, data: payload, id: `callback:${wf.id}:${wf.state}` });
}
