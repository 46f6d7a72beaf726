import { tenantFolder } from "@/lib/blob/keys";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { workflows } from "@/lib/db/schema";
import { sealedTrace } from "@/lib/explain/sealed-trace";
import { recordTrace } from "@/lib/explain/store";
import { signatureSheetCount } from "@/lib/signing/pdf/signature-page";
import { renderSealedWorkflowPdf, renderSealedWorkflowPdfTraced } from "@/lib/pdf/render-pool";
import { SEALED_PAGE_SIZE, sealedFooterLabel } from "@/lib/pdf/sealed-workflow";
import { deliverSealed } from "./deliver-sealed";
import { recordEvent, systemActor } from "../events";
import { getWorkflow, lockWorkflow } from "../get-workflow";
import { listActivity } from "../list-activity";
import { onWorkflowTerminal } from "../on-terminal";
import { sealInput } from "./seal-input";
import { sealForSigning } from "@/lib/signing/revisions/seal-for-signing";
import { listSigners, signsAfterSealing } from "@/lib/signing/signers/signers";
import { canDo } from "../states";
import { tenantDefaultLocale } from "@/lib/tenants/read";

export const sealedKey = (tenantId: string, workflowId: string) => `${tenantFolder(tenantId)}/workflows/${workflowId}/sealed.pdf`;

export type SealOutcome = { sealed: true; sha256: string; already: boolean } | { sealed: false; state: string };

/**
 * The seal job (workflow/seal.requested): lays the sealed record out in a render thread, then, under
 * the row lock, stores it under the workflow's one key with its SHA-256 and moves sealing → complete
 * (delivery sessions and the terminal hook in the same transaction). Idempotent: a retried or
 * doubled job finds the hash stored and does nothing, so one workflow never has two sealed PDFs; a
 * run that died after writing the blob but before its commit is overwritten by the next one, whose
 * hash is the only one ever published. With e-signature the record goes on to collect signatures
 * instead (sealForSigning): the workflow stays sealing until the last signer has signed.
 */
export async function sealWorkflow(tenantId: string, workflowId: string, now = new Date()): Promise<SealOutcome> {
  const wf = await getWorkflow(tenantId, workflowId);
  if (wf.sealedSha256) return { sealed: true, sha256: wf.sealedSha256, already: true };
  if (wf.documentSha256) return { sealed: true, sha256: wf.documentSha256, already: true };
  if (!canDo("seal-complete", wf.state)) return { sealed: false, state: wf.state };
  const { events } = await listActivity(tenantId, workflowId);
  const signing = signsAfterSealing(wf);
  // The signature pages are appended after sealing; the record's page numbers count them already.
  const input = {
    ...sealInput(wf, events, now, await tenantDefaultLocale(tenantId)),
    pagesAfter: signing ? signatureSheetCount((await listSigners(tenantId, workflowId)).length, SEALED_PAGE_SIZE) : 0,
  };
  const requestedBy = wf.settings.explainRequestedBy;
  const traced = requestedBy ? await renderSealedWorkflowPdfTraced(input) : null;
  const pdf = traced ? traced.pdf : await renderSealedWorkflowPdf(input);
  if (signing) {
    const outcome = await sealForSigning(wf, pdf, now, { footer: sealedFooterLabel(input), locale: input.locale });
    if (traced && requestedBy && outcome.sealed && !outcome.already) recordTrace(sealedTrace(wf, requestedBy, traced, now));
    return outcome;
  }
  const sha256 = createHash("sha256").update(pdf).digest("hex");
  const db = await getDb();
  const outcome = await db.transaction(async (tx): Promise<SealOutcome> => {
    const locked = await lockWorkflow(tx, tenantId, workflowId);
    if (locked.sealedSha256) return { sealed: true, sha256: locked.sealedSha256, already: true };
    if (!canDo("seal-complete", locked.state)) return { sealed: false, state: locked.state };
    const key = sealedKey(tenantId, locked.id);
    await getBlobStore().put(key, pdf, "application/pdf");
    const [done] = await tx
      .update(workflows)
      .set({ state: "complete", sealedKey: key, sealedSha256: sha256, sealedAt: now, completedAt: now, updatedAt: now })
      .where(eq(workflows.id, locked.id))
      .returning();
    await recordEvent(tx, done, "workflow.sealed", systemActor, { from: locked.state, to: "complete", sha256, bytes: pdf.byteLength });
    await deliverSealed(tx, done);
    await onWorkflowTerminal(tx, done);
    return { sealed: true, sha256, already: false };
  });
  // Only the run whose PDF was published is traced.
  if (traced && requestedBy && outcome.sealed && !outcome.already) recordTrace(sealedTrace(wf, requestedBy, traced, now));
  return outcome;
}
