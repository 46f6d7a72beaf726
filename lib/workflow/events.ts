import type { Principal } from "@/lib/auth/bearer";
import type { PortalPrincipal } from "@/lib/auth/portal-token";
import type { Tx } from "@/lib/db/client";
import { workflowEvents } from "@/lib/db/schema";
import { hashSecret } from "@/lib/ids";

/**
 * Who made a change: a bearer caller's email (or subject); a reviewer link's approver; else
 * `portal:<role>`. Portal actors also keep the hash of the token's id.
 */
export interface Actor {
  name: string;
  tokenIdHash?: string;
}

export const bearerActor = (p: Principal): Actor => ({ name: p.email ?? p.subject });
/** Background work: the scheduler's escalations and reminders, the seal job. */
export const systemActor: Actor = { name: "system" };
export const portalActor = (p: PortalPrincipal): Actor => ({
  name: p.reviewer?.email ?? `portal:${p.role}`,
  tokenIdHash: hashSecret(p.tokenId),
});

export type WorkflowEventKind =
  | "workflow.created"
  | "workflow.invited"
  | "step.saved"
  | "step.advanced"
  | "workflow.validated"
  | "validation.reset"
  | "workflow.cancelled"
  | "approval.requested"
  | "approval.stage-approved"
  | "approval.reminded"
  | "approval.escalated"
  | "workflow.approved"
  | "workflow.rejected"
  | "changes.requested"
  | "workflow.resubmitted"
  | "seal.requested"
  | "workflow.sealed"
  | "delivery.created"
  /** E-signature: one signer's ceremony (detail.signer is the 0-based position) and the document's revisions. */
  | "signer.invited"
  | "signer.link-resent"
  | "signer.viewed"
  | "signer.otp-sent"
  | "signer.otp-verified"
  | "signer.otp-failed"
  | "signer.otp-locked"
  | "signer.sign-requested"
  | "signer.signed"
  | "signer.declined"
  | "signer.expired"
  | "signer.reminded"
  /** The signer switched the signing page's language (detail.locale). */
  | "signer.language-chosen"
  /** The last signer's signature is in the document: the workflow is complete. */
  | "workflow.signed"
  /** The certificate of completion was made and signed (detail: its SHA-256 and the activity chain's head). */
  | "certificate.issued"
  | "otp.sent"
  | "otp.verified"
  | "otp.failed"
  | "otp.locked"
  | "invite.resent"
  /** A participant or reviewer chose the portal's language from its menu (detail.locale). */
  | "language.chosen"
  /** A mail of the workflow the mail server refused for good (lib/mail/failed-mail), with recipient and reason. */
  | "mail.failed";

/** The activity record of one change, as it is stored. */
export function eventRow(
  wf: { id: string; tenantId: string },
  kind: WorkflowEventKind,
  actor: Actor,
  detail: Record<string, unknown> = {},
) {
  return {
    workflowId: wf.id,
    tenantId: wf.tenantId,
    kind,
    actor: actor.name,
    detail: actor.tokenIdHash ? { ...detail, tokenIdHash: actor.tokenIdHash } : detail,
  };
}

/** Appends to the workflow's activity in the caller's transaction. */
export async function recordEvent(
  tx: Tx,
  wf: { id: string; tenantId: string },
  kind: WorkflowEventKind,
  actor: Actor,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(workflowEvents).values(eventRow(wf, kind, actor, detail));
}
