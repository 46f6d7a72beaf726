import type { Principal } from "@/lib/auth/principal";
import type { Workflow, WorkflowSigner } from "@/lib/db/schema";
import { recheckChain, type ChainCheck } from "@/lib/signing/certificate/activity-chain";
import type { SignatureAnswer } from "@/lib/signing/verification/verification-answer";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/http/problem";
import { CERTIFICATE_READERS, findCertificate, mayReadCertificate } from "@/lib/signing/certificate/certificate-file";
import { workflowActivity } from "@/lib/signing/certificate/issue-certificate";
import { listSigners, signsAfterSealing } from "@/lib/signing/signers/signers";
import { verifyWorkflowDocument, type WorkflowVerification } from "@/lib/signing/verification/verify-workflow-document";

export interface SigningDetail {
  signers: WorkflowSigner[];
  mode: "parallel" | "sequential";
  /** The current document's verification; a sentence instead when there is none or it failed. */
  verification: WorkflowVerification | { unavailable: string };
  /** The certificate and the activity re-checked against its chain, for those who may read it; a sentence for the others. */
  certificate: { outcome: string; sha256: string; chain: ChainCheck } | { pending: string } | { notYours: string };
}

/** What the console's workflow page shows of e-signature; null for a workflow without it. */
export async function signingDetail(wf: Workflow, principal: Principal): Promise<SigningDetail | null> {
  if (!signsAfterSealing(wf)) return null;
  const [signers, verification, certificate] = await Promise.all([
    listSigners(wf.tenantId, wf.id),
    verification_(wf),
    mayReadCertificate(wf, principal) ? certificate_(wf) : { notYours: `The certificate of completion is for ${CERTIFICATE_READERS}.` },
  ]);
  return { signers, mode: wf.settings.esign?.signingMode ?? "parallel", verification, certificate };
}

async function verification_(wf: Workflow): Promise<SigningDetail["verification"]> {
  if (wf.documentRevision === null) return { unavailable: "The document is verified once the record is sealed with its signature page." };
  try {
    return await verifyWorkflowDocument(wf.tenantId, wf.id);
  } catch (e) {
    if (e instanceof AppError) return { unavailable: e.message };
    throw e;
  }
}

async function certificate_(wf: Workflow): Promise<SigningDetail["certificate"]> {
  const cert = await findCertificate(wf);
  if (!cert) {
    const ended = wf.state === "complete" || wf.state === "rejected";
    return {
      pending: ended
        ? "The certificate of completion is being made; this page updates itself."
        : "The certificate of completion is made when the last signer has signed, or a signer declines.",
    };
  }
  const chain = recheckChain(wf.id, cert.chainLinks, await workflowActivity(await getDb(), wf));
  return { outcome: cert.outcome, sha256: cert.sha256, chain };
}

/** A signature's result in plain words. */
export function signatureWords(s: SignatureAnswer): string {
  if (s.valid)
    return s.coversWholeFile
      ? "Valid. Nothing in the document has changed since this signature."
      : "Valid. Later signatures were added after it, as expected.";
  if (!s.digestValid) return "Not valid: the document was changed after this signature was made.";
  if (!s.signatureValid) return "Not valid: the signature does not match its certificate.";
  if (!s.chainValid) return "Not valid: the certificate was not issued by your organisation's signing authority.";
  if (s.timestamp && !s.timestamp.valid) return "Not valid: the timestamp does not check.";
  return `Not valid: ${s.problems[0] ?? "the signature cannot be checked"}.`;
}
