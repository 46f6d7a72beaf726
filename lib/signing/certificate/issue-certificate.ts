import { tenantFolder } from "@/lib/blob/keys";
import { createHash } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { getBlobStore } from "@/lib/blob/store";
import { getDb, type Tx } from "@/lib/db/client";
import { tenants, workflowCertificates, workflowEvents, type Workflow, type WorkflowEvent } from "@/lib/db/schema";
import { chainHead, chainLinks } from "./activity-chain";
import { signPdf } from "../pdf/sign-pdf";
import { keyForTenantSeal } from "../keys/tenant-keys";
import { renderCompletionCertificatePdf } from "@/lib/pdf/render-pool";
import { recordEvent, systemActor } from "@/lib/workflow/events";
import { getWorkflow, lockWorkflow } from "@/lib/workflow/get-workflow";
import { certificateInput } from "./certificate-input";
import { listSigners, signsAfterSealing } from "../signers/signers";

export const certificateKey = (tenantId: string, workflowId: string) => `${tenantFolder(tenantId)}/workflows/${workflowId}/certificate.pdf`;
export const CERTIFICATE_FIELD = "certificate-of-completion";

export type IssueOutcome = { issued: true; sha256: string; already: boolean } | { issued: false; state: string };

/** A workflow's activity, oldest first: what the chain covers. `tx` inside a transaction (PGlite has one session). */
export async function workflowActivity(db: Tx, wf: Pick<Workflow, "id" | "tenantId">): Promise<WorkflowEvent[]> {
  return db
    .select()
    .from(workflowEvents)
    .where(and(eq(workflowEvents.tenantId, wf.tenantId), eq(workflowEvents.workflowId, wf.id)))
    .orderBy(asc(workflowEvents.id));
}

/**
 * The certificate of completion, made once signing has ended: complete (every signer signed) or
 * declined (a signer refused; the certificate says who, when and why, as DocuSign's does for a
 * declined envelope). Called by the signing job after each run, so it comes in the same flow that
 * completes or ends the workflow, and a failure (the key, the TSA) fails the job, which is retried.
 *
 * Under the workflow's row lock, as the seal job: the activity is read, chained, laid out, signed
 * with the tenant's own key (keyForTenantSeal, never a signer's) and a timestamp when configured,
 * stored, and recorded with the chain's head and links in one transaction. Idempotent: a run that
 * finds the row does nothing; one that died between the blob and the commit is overwritten.
 */
export async function issueCertificate(tenantId: string, workflowId: string, now = new Date()): Promise<IssueOutcome> {
  const wf = await getWorkflow(tenantId, workflowId);
  if (!signsAfterSealing(wf) || (wf.state !== "complete" && wf.state !== "rejected")) return { issued: false, state: wf.state };
  const db = await getDb();
  return db.transaction(async (tx): Promise<IssueOutcome> => {
    const locked = await lockWorkflow(tx, tenantId, workflowId);
    const [existing] = await tx.select().from(workflowCertificates).where(eq(workflowCertificates.workflowId, locked.id));
    if (existing) return { issued: true, sha256: existing.sha256, already: true };
    const signers = await listSigners(tenantId, locked.id, tx);
    const declined = signers.some((s) => s.state === "declined");
    // Rejected without a decline (not possible today): nothing the signers did to certify.
    if (locked.state !== "complete" && !declined) return { issued: false, state: locked.state };

    const events = await workflowActivity(tx, locked);
    const links = chainLinks(locked.id, events);
    const [tenant] = await tx
      .select({ name: tenants.name, defaultLocale: tenants.defaultLocale })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    const organization = locked.settings.organizationName ?? tenant?.name ?? tenantId;
    const pdf = await renderCompletionCertificatePdf(
      certificateInput(locked, signers, events, links, { organization, issuedAt: now, tenantLocale: tenant?.defaultLocale ?? null }),
    );
    const seal = await keyForTenantSeal(tenantId, `${organization} (certificate of completion)`);
    const signed = await signPdf(pdf, {
      key: seal.key,
      tsa: seal.tsa,
      signer: { name: organization, email: "", method: "Sealpost certificate of completion" },
      reason: "Certificate of completion",
      fieldName: CERTIFICATE_FIELD,
      signingTime: now,
    });
    const sha256 = createHash("sha256").update(signed).digest("hex");
    const key = certificateKey(tenantId, locked.id);
    await getBlobStore().put(key, signed, "application/pdf");
    const head = chainHead(locked.id, links);
    await tx.insert(workflowCertificates).values({
      workflowId: locked.id,
      tenantId,
      outcome: declined ? "declined" : "complete",
      blobKey: key,
      sha256,
      chainHead: head,
      chainLinks: links,
      documentRevision: locked.documentRevision ?? 0,
      createdAt: now,
    });
    // After the chain's last link: the certificate's own event is covered by the next chain, not this one.
    await recordEvent(tx, locked, "certificate.issued", systemActor, {
      sha256,
      chainHead: head,
      events: links.length,
      outcome: declined ? "declined" : "complete",
    });
    return { issued: true, sha256, already: false };
  });
}
