import { tenantFolder } from "@/lib/blob/keys";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { workflows, workflowSigners, type Workflow } from "@/lib/db/schema";
import { appendSignaturePage, type SignaturePageOptions } from "../pdf/signature-page";
import { recordEvent, systemActor } from "@/lib/workflow/events";
import { lockWorkflow } from "@/lib/workflow/get-workflow";
import { canDo } from "@/lib/workflow/states";
import { inviteSigners } from "../signers/invite-signers";
import { listSigners, lockSigners, signersDue } from "../signers/signers";

/** Where revision `n` of a workflow's signed document lives: a new key per revision, never overwritten once published. */
export const revisionKey = (tenantId: string, workflowId: string, n: number) =>
  `${tenantFolder(tenantId)}/workflows/${workflowId}/revisions/${n}.pdf`;

export type SealForSigningOutcome = { sealed: true; sha256: string; already: boolean } | { sealed: false; state: string };

/**
 * The seal job's end for a workflow with e-signature: the Signatures page appended to the sealed
 * record (in its language, its footer continued: `page`) with each signer's field reserved, stored as revision 0 with its SHA-256, each signer's
 * field kept on their row, and the first signers invited (parallel: all; sequential: the first).
 * The workflow stays sealing. Idempotent as the seal job is: a run that finds revision 0 recorded
 * does nothing; a run that died between the blob and the commit is overwritten by the next.
 */
export async function sealForSigning(
  wf: Workflow,
  sealed: Uint8Array,
  now: Date,
  page: Pick<SignaturePageOptions, "footer" | "locale">,
): Promise<SealForSigningOutcome> {
  if (wf.documentSha256) return { sealed: true, sha256: wf.documentSha256, already: true };
  const mode = wf.settings.esign!.signingMode;
  const signers = await listSigners(wf.tenantId, wf.id);
  const { pdf, boxes } = await appendSignaturePage(
    sealed,
    signers.map((s) => ({ name: s.name, email: s.email, role: s.role ?? undefined })),
    { mode, ...page },
  );
  const sha256 = createHash("sha256").update(pdf).digest("hex");
  const db = await getDb();
  return db.transaction(async (tx): Promise<SealForSigningOutcome> => {
    const locked = await lockWorkflow(tx, wf.tenantId, wf.id);
    if (locked.documentSha256) return { sealed: true, sha256: locked.documentSha256, already: true };
    if (!canDo("seal-for-signing", locked.state)) return { sealed: false, state: locked.state };
    const key = revisionKey(wf.tenantId, locked.id, 0);
    await getBlobStore().put(key, pdf, "application/pdf");
    const [updated] = await tx
      .update(workflows)
      .set({ documentRevision: 0, documentKey: key, documentSha256: sha256, updatedAt: now })
      .where(eq(workflows.id, locked.id))
      .returning();
    const rows = await lockSigners(tx, locked);
    for (const b of boxes) {
      await tx
        .update(workflowSigners)
        .set({ fieldName: b.fieldName, fieldPage: b.page, fieldRect: b.rect, updatedAt: now })
        .where(eq(workflowSigners.id, rows[b.signer].id));
    }
    await recordEvent(tx, updated, "workflow.sealed", systemActor, {
      from: locked.state,
      to: locked.state,
      sha256,
      bytes: pdf.byteLength,
      revision: 0,
      signers: rows.length,
    });
    await inviteSigners(tx, updated, signersDue(mode, rows), now, { total: rows.length });
    return { sealed: true, sha256, already: false };
  });
}
