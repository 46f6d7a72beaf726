import type { Workflow, WorkflowSigner } from "@/lib/db/schema";
import { maskEmail } from "@/lib/mail/address";
import { effectiveState, signsAfterSealing } from "./signers";
import { isoMoment } from "@/lib/iso-moment";

/** One signer as the status and bootstrap payloads show them; `mask` for a payload the participant reads. */
export function presentSigner(s: WorkflowSigner, mask: boolean, now = Date.now()) {
  return {
    position: s.position,
    name: s.name,
    email: mask ? maskEmail(s.email) : s.email,
    role: s.role,
    order: s.signOrder,
    state: effectiveState(s, now),
    requireOtp: s.requireOtp,
    invitedAt: isoMoment(s.invitedAt),
    viewedAt: isoMoment(s.viewedAt),
    signRequestedAt: isoMoment(s.signRequestedAt),
    signedAt: isoMoment(s.signedAt),
    declinedAt: isoMoment(s.declinedAt),
    linkExpiresAt: s.signRequestedAt || s.declinedAt ? null : isoMoment(s.tokenExpiresAt),
    declineReason: s.declineReason,
    verificationMethod: s.verificationMethod,
    signedRevision: s.signedRevision,
    signedSha256: s.signedSha256,
  };
}

/**
 * The `signing` object of the status and bootstrap payloads: null for a workflow without
 * e-signature; else the mode, the document's current revision and every signer.
 */
export function signingPayload(wf: Workflow, signers: WorkflowSigner[], opts: { mask: boolean }) {
  if (!signsAfterSealing(wf)) return null;
  const now = Date.now();
  return {
    mode: wf.settings.esign!.signingMode,
    documentRevision: wf.documentRevision,
    documentSha256: wf.documentSha256,
    signers: signers.map((s) => presentSigner(s, opts.mask, now)),
  };
}
