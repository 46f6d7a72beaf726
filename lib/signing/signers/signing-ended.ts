import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import { greeting, oneLine } from "@/lib/mail/greeting";
import { enqueueMail } from "@/lib/mail/outbox";
import { listSigners } from "./signers";

export type SigningEnd = { by: "initiator" } | { by: "signer"; position: number; name: string };

/**
 * Tells every signer who was asked to sign and has not yet signed or declined that the document no
 * longer needs their signature, so nobody opens a dead link wondering why (DocuSign's "voided"
 * mail). Queued in `tx`, with the change that ended the signing. Signers still waiting for their turn
 * in a sequential order were never asked: they hear nothing. A signer who declined gets no mail
 * about their own decline; the initiator learns it from the callback and the outcome mail.
 */
export async function tellSignersSigningEnded(tx: Tx, wf: Workflow, end: SigningEnd): Promise<void> {
  const from = oneLine(wf.settings.organizationName ?? "Sealpost");
  const why =
    end.by === "initiator"
      ? `${from} has withdrawn the request to sign "${wf.title}".`
      : `Another signer, ${oneLine(end.name)}, declined to sign "${wf.title}", so it will not be signed by anyone.`;
  for (const s of await listSigners(wf.tenantId, wf.id, tx)) {
    if (!s.invitedAt || s.signedAt || s.declinedAt) continue;
    await enqueueMail(tx, {
      tenantId: wf.tenantId,
      dedupeKey: `sign-ended:${s.id}`,
      to: s.email,
      subject: `${from}: "${wf.title}" no longer needs your signature`,
      text: [
        greeting(s.name),
        ``,
        why,
        `The link we sent you no longer opens the document, and nothing more is asked of you.`,
        `Reference: ${wf.correlationId}`,
      ].join("\n"),
    });
  }
}
