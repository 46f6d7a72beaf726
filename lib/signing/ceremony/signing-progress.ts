import { assertOtpPassed, linkHolder } from "./open-link";
import { listSigners, effectiveState } from "../signers/signers";
import { isoMoment } from "@/lib/iso-moment";

/**
 * GET /api/sign/{token}/progress: where the signer's own signature and the document stand. The
 * ceremony page follows its signature here after POST sign answered 202, because from then on the
 * link opens nothing more (410 esign.link_used); a reload of the page after signing or declining
 * comes here too. Same credential as the ceremony (the link, and the passcode proof for a signer
 * who needs one), and none of the document: only states and counts, so a link that leaks after use
 * tells no more than whether the document was signed.
 *
 * `signer.state` is the signer's state, or `signing` between the confirmation and the signature
 * being in the file (the job applies it; a timestamp authority that is down keeps it there, retried).
 */
export async function signingProgress(token: string, proof: string | null) {
  const { wf, signer } = await linkHolder(token);
  assertOtpPassed(signer, proof);
  const signers = await listSigners(wf.tenantId, wf.id);
  const state = signer.signRequestedAt && !signer.signedAt ? "signing" : effectiveState(signer);
  return {
    organizationName: wf.settings.organizationName ?? null,
    workflow: { title: wf.title, correlationId: wf.correlationId, state: wf.state },
    signer: {
      name: signer.name,
      state,
      signRequestedAt: isoMoment(signer.signRequestedAt),
      signedAt: isoMoment(signer.signedAt),
      declinedAt: isoMoment(signer.declinedAt),
    },
    signing: {
      mode: wf.settings.esign!.signingMode,
      total: signers.length,
      signed: signers.filter((s) => s.signedAt).length,
      declined: signers.filter((s) => s.declinedAt).length,
    },
  };
}
