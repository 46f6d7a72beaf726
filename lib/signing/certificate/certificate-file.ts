import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Principal } from "@/lib/auth/bearer";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { workflowCertificates, type Workflow, type WorkflowCertificate } from "@/lib/db/schema";
import { recheckChain, type ChainCheck } from "./activity-chain";
import { AppError } from "@/lib/http/problem";
import { getWorkflow } from "@/lib/workflow/get-workflow";
import { mayManage } from "@/lib/workflow/approval/approvers";
import { workflowFileName } from "@/lib/workflow/sealing/sealed-file-name";
import { workflowActivity } from "./issue-certificate";
import { signsAfterSealing } from "../signers/signers";

/**
 * Who may read the certificate: the initiator, an admin, and an approver who approved the workflow
 * (they answer for what was signed). It lists every signer's IP address and user agent, which the
 * tenant's other users have no need of.
 */
export function mayReadCertificate(wf: Workflow, principal: Principal): boolean {
  const email = (principal.email ?? "").trim().toLowerCase();
  return (
    mayManage(wf, principal) ||
    (!!email &&
      wf.approvalHistory.some(
        (h) => (h.action === "approved" || h.action === "approved-with-exception") && h.by.trim().toLowerCase() === email,
      ))
  );
}

export const CERTIFICATE_READERS = "the initiator of the workflow, an approver who approved it, or an administrator";

/** The certificate's row for a caller who may see it (mayReadCertificate). */
async function certificateFor(principal: Principal, workflowId: string): Promise<{ wf: Workflow; cert: WorkflowCertificate }> {
  const wf = await getWorkflow(principal.tenant.id, workflowId);
  if (!mayReadCertificate(wf, principal))
    throw new AppError("workflow.not_initiator", `Only ${CERTIFICATE_READERS} may read its certificate of completion`);
  const cert = await findCertificate(wf);
  if (!cert) throw notReady(wf);
  return { wf, cert };
}

export async function findCertificate(wf: Pick<Workflow, "id" | "tenantId" | "settings">): Promise<WorkflowCertificate | undefined> {
  if (!signsAfterSealing(wf))
    throw new AppError(
      "esign.not_enabled",
      "This workflow was created without templateSettings.esign; it has no certificate of completion",
    );
  const db = await getDb();
  const [cert] = await db.select().from(workflowCertificates).where(eq(workflowCertificates.workflowId, wf.id));
  return cert && cert.tenantId === wf.tenantId ? cert : undefined;
}

function notReady(wf: Workflow): AppError {
  const ended = wf.state === "complete" || wf.state === "rejected";
  return ended
    ? new AppError("esign.certificate_not_ready", "Signing has ended and the certificate of completion is being made; ask again shortly", {
        headers: { "retry-after": "5" },
      })
    : new AppError(
        "esign.certificate_not_ready",
        "The certificate of completion is made when the last signer has signed or a signer has declined",
      );
}

/** GET /api/workflow/{id}/certificate (and the console's download): the signed certificate, checked against its stored SHA-256. */
export async function readCertificate(
  principal: Principal,
  workflowId: string,
): Promise<{ pdf: Uint8Array; fileName: string; sha256: string; chainHead: string }> {
  const { wf, cert } = await certificateFor(principal, workflowId);
  const pdf = await getBlobStore().get(cert.blobKey);
  if (!pdf || createHash("sha256").update(pdf).digest("hex") !== cert.sha256)
    throw new Error(`esign: the certificate of workflow ${wf.id} (${cert.blobKey}) is missing or does not match its SHA-256`);
  return { pdf, fileName: workflowFileName(wf, "certificate-of-completion"), sha256: cert.sha256, chainHead: cert.chainHead };
}

/** GET /api/workflow/{id}/certificate/chain: the activity as it is now, re-checked against the chain the certificate printed. */
export async function recheckCertificateChain(
  principal: Principal,
  workflowId: string,
): Promise<ChainCheck & { workflowId: string; chainHead: string }> {
  const { wf, cert } = await certificateFor(principal, workflowId);
  return {
    workflowId: wf.id,
    chainHead: cert.chainHead,
    ...recheckChain(wf.id, cert.chainLinks, await workflowActivity(await getDb(), wf)),
  };
}
