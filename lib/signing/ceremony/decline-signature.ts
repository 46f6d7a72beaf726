import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { workflows, workflowSigners } from "@/lib/db/schema";
import type { Visitor } from "@/lib/delivery/open-session";
import { recordEvent } from "@/lib/workflow/events";
import { onWorkflowTerminal } from "@/lib/workflow/on-terminal";
import { assertOutcome } from "@/lib/workflow/states";
import { sendEvent } from "@/lib/jobs/send-event";
import { signerActor } from "./ceremony-bootstrap";
import { assertOtpPassed, openLink } from "./open-link";
import { tellSignersSigningEnded } from "../signers/signing-ended";

export const declineBody = z.strictObject({ reason: z.string().trim().min(1, "must say why").max(2000) });

/**
 * POST /api/sign/{token}/decline: the signer refuses, with a reason. One refusal ends the workflow
 * rejected (as DocuSign and Documenso do: a document some signers refused is not the agreed one),
 * with the reason in the activity, the status and the callback; the signatures already given stay
 * in their revisions, nobody else is invited, and the signers already asked are told.
 */
export async function declineSignature(token: string, reason: string, visitor: Visitor, proof: string | null) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { wf, signer } = await openLink(token, tx);
    assertOtpPassed(signer, proof);
    const now = new Date();
    assertOutcome("signature-declined", "rejected");
    await tx
      .update(workflowSigners)
      .set({
        state: "declined",
        declinedAt: now,
        declineReason: reason,
        viewedAt: signer.viewedAt ?? now,
        ip: visitor.ip,
        userAgent: visitor.userAgent?.slice(0, 500) ?? null,
        updatedAt: now,
      })
      .where(eq(workflowSigners.id, signer.id));
    const [updated] = await tx
      .update(workflows)
      .set({ state: "rejected", completedAt: now, updatedAt: now })
      .where(eq(workflows.id, wf.id))
      .returning();
    const actor = signerActor(signer);
    await recordEvent(tx, wf, "signer.declined", actor, {
      signer: signer.position,
      email: signer.email,
      reason,
      ip: visitor.ip,
      userAgent: visitor.userAgent,
    });
    await recordEvent(tx, wf, "workflow.rejected", actor, {
      from: wf.state,
      to: "rejected",
      via: "signature-declined",
      signer: signer.position,
      comment: reason,
    });
    await onWorkflowTerminal(tx, updated, { signer: signer.position, name: signer.name, email: signer.email, reason });
    await tellSignersSigningEnded(tx, updated, { by: "signer", position: signer.position, name: signer.name });
    // The signing job makes the certificate of completion of the declined workflow.
    await sendEvent(tx, {
      name: "workflow/signature.requested",
      data: { tenantId: wf.tenantId, workflowId: wf.id },
      id: `signature-declined:${signer.id}`,
    });
    return { state: "declined", workflowState: "rejected", declinedAt: now.toISOString() };
  });
}
