import type { Principal } from "@/lib/auth/principal";
import type { Workflow, WorkflowSigner } from "@/lib/db/schema";
import { recheckChain, type ChainCheck } from "@/lib/signing/certificate/activity-chain";
import type { SignatureAnswer } from "@/lib/signing/verification/verification-answer";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/http/problem";
import { findCertificate, mayReadCertificate } from "@/lib/signing/certificate/certificate-file";
import { workflowActivity } from "@/lib/signing/certificate/issue-certificate";
import { listSigners, signsAfterSealing } from "@/lib/signing/signers/signers";
import { verifyWorkflowDocument, type WorkflowVerification } from "@/lib/signing/verification/verify-workflow-document";

export interface SigningDetail {
  signers: WorkflowSigner[];
  mode: "parallel" | "sequential";
  /** The current document's verification; why there is none instead: not sealed for signing yet, or the check failed. */
  verification: WorkflowVerification | { unavailable: "notSealed" | "failed" };
  /**
   * The certificate and the activity re-checked against its chain, for those who may read it; else
   * whether it is still to come (being made now that signing ended, or later) or not the reader's.
   */
  certificate: { outcome: string; sha256: string; chain: ChainCheck } | { pending: "now" | "later" } | { notYours: true };
}

/** What the console's workflow page shows of e-signature; null for a workflow without it. */
export async function signingDetail(wf: Workflow, principal: Principal): Promise<SigningDetail | null> {
  if (!signsAfterSealing(wf)) return null;
  const [signers, verification, certificate] = await Promise.all([
    listSigners(wf.tenantId, wf.id),
    verification_(wf),
    mayReadCertificate(wf, principal) ? certificate_(wf) : { notYours: true as const },
  ]);
  return { signers, mode: wf.settings.esign?.signingMode ?? "parallel", verification, certificate };
}

async function verification_(wf: Workflow): Promise<SigningDetail["verification"]> {
  if (wf.documentRevision === null) return { unavailable: "notSealed" };
  try {
    return await verifyWorkflowDocument(wf.tenantId, wf.id);
  } catch (e) {
    if (e instanceof AppError) return { unavailable: e.code === "esign.no_document" ? "notSealed" : "failed" };
    throw e;
  }
}

async function certificate_(wf: Workflow): Promise<SigningDetail["certificate"]> {
  const cert = await findCertificate(wf);
  if (!cert) {
    const ended = wf.state === "complete" || wf.state === "rejected";
    return { pending: ended ? "now" : "later" };
  }
  const chain = recheckChain(wf.id, cert.chainLinks, await workflowActivity(await getDb(), wf));
  return { outcome: cert.outcome, sha256: cert.sha256, chain };
}

/** What a signature's check found, first failure first: the page says it in its language. */
export type SignatureVerdict = "validWhole" | "validLater" | "digest" | "signature" | "chain" | "timestamp" | "other";

export function signatureVerdict(s: SignatureAnswer): SignatureVerdict {
  if (s.valid) return s.coversWholeFile ? "validWhole" : "validLater";
  if (!s.digestValid) return "digest";
  if (!s.signatureValid) return "signature";
  if (!s.chainValid) return "chain";
  if (s.timestamp && !s.timestamp.valid) return "timestamp";
  return "other";
}
