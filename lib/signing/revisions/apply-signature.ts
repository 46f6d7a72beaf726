import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { getBlobStore } from "@/lib/blob/store";
import { getDb, type Tx } from "@/lib/db/client";
import { workflows, workflowSigners, type Workflow, type WorkflowSigner } from "@/lib/db/schema";
import { signPdf, type SignatureAppearance } from "../pdf/sign-pdf";
import { keyForSigner } from "../keys/tenant-keys";
import { deliverSealed } from "@/lib/workflow/sealing/deliver-sealed";
import { recordEvent, systemActor } from "@/lib/workflow/events";
import { lockWorkflow } from "@/lib/workflow/get-workflow";
import { onWorkflowTerminal } from "@/lib/workflow/on-terminal";
import { assertOutcome, canDo } from "@/lib/workflow/states";
import { deliverToSigners } from "./deliver-to-signers";
import { inviteSigners } from "../signers/invite-signers";
import { revisionKey } from "./seal-for-signing";
import { lockSigners, signersDue } from "../signers/signers";
import { signedLocale } from "../signers/signer-locale";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/**
 * Why the signer signs, as the signature itself says it: their role, and the consent they accepted
 * with the language they read it in and its SHA-256 (consent.ts), so the signed file names the text
 * agreed to without the activity. A signature confirmed before the consent was translated was read
 * in English.
 */
export function signingReason(s: Pick<WorkflowSigner, "role" | "consentVersion" | "consentLocale" | "consentSha256">): string {
  const signed = s.role ? `Signed as ${s.role}` : "Signed";
  if (!s.consentVersion || !s.consentSha256) return signed;
  return `${signed}; consent ${s.consentVersion} read in ${s.consentLocale ?? DEFAULT_LOCALE}, SHA-256 ${s.consentSha256}`;
}

/**
 * The signing job (workflow/signature.requested): adds every signature confirmed and not yet in the
 * document, one at a time, each in its own transaction under the workflow's row lock, so signatures
 * of one workflow are applied one after another whatever runs at once: two signers confirming at the
 * same instant both land in one file, the second signed on top of the first. Each signature reads
 * the current revision, signs it (signPdf: an incremental update; the signer's certificate from
 * keyForSigner; a timestamp when ESIGN_TSA_URL is set, and a failing authority fails the job, which
 * is retried: never a signature without its timestamp), stores it under a new key and records, in
 * the same transaction, the signer signed with the new SHA-256 and the workflow's new revision.
 * A retried job finds the signature recorded and never signs twice; a run that died after storing
 * its revision and before its commit is overwritten by the next (only committed hashes are published).
 */
export async function applyPendingSignatures(tenantId: string, workflowId: string): Promise<{ applied: number; state: string }> {
  const db = await getDb();
  let applied = 0;
  for (;;) {
    const r = await db.transaction((tx) => applyNext(tx, tenantId, workflowId));
    if (!r.applied) return { applied, state: r.state };
    applied++;
  }
}

async function applyNext(tx: Tx, tenantId: string, workflowId: string): Promise<{ applied: boolean; state: string }> {
  const wf = await lockWorkflow(tx, tenantId, workflowId);
  if (!canDo("signature-applied", wf.state) || wf.documentRevision === null) return { applied: false, state: wf.state };
  const signers = await lockSigners(tx, wf);
  const next = signers
    .filter((s) => s.signRequestedAt && !s.signedAt && !s.declinedAt)
    .sort((a, b) => a.signRequestedAt!.getTime() - b.signRequestedAt!.getTime() || a.position - b.position)[0];
  if (!next) return { applied: false, state: wf.state };

  const now = new Date();
  const blobs = getBlobStore();
  const current = await blobs.get(wf.documentKey!);
  if (!current || sha256(current) !== wf.documentSha256)
    throw new Error(`esign: revision ${wf.documentRevision} of workflow ${wf.id} is missing or does not match its SHA-256`);
  const signerKey = await keyForSigner(tenantId, { name: next.name, email: next.email });
  const signed = await signPdf(current, {
    key: signerKey.key,
    tsa: signerKey.tsa,
    signer: { name: next.name, email: next.email, method: next.verificationMethod ?? "email link" },
    reason: signingReason(next),
    fieldName: next.fieldName!,
    appearance: { ...(await appearanceOf(next)), locale: signedLocale(wf, next, await tenantDefaultLocale(wf.tenantId, tx)) },
    signingTime: now,
  });
  const revision = wf.documentRevision + 1;
  const key = revisionKey(wf.tenantId, wf.id, revision);
  const hash = sha256(signed);
  await blobs.put(key, signed, "application/pdf");
  await tx
    .update(workflowSigners)
    .set({ state: "signed", signedAt: now, signedRevision: revision, signedSha256: hash, updatedAt: now })
    .where(eq(workflowSigners.id, next.id));
  await recordEvent(tx, wf, "signer.signed", systemActor, {
    signer: next.position,
    email: next.email,
    revision,
    sha256: hash,
    bytes: signed.byteLength,
    certificate: signerKey.issued ? "issued" : "tenant",
  });

  const after = signers.map((s) => (s.id === next.id ? { ...s, state: "signed" as const, signedAt: now } : s));
  const done = after.every((s) => s.state === "signed");
  assertOutcome("signature-applied", done ? "complete" : "sealing");
  const set: Partial<Workflow> = done
    ? {
        documentRevision: revision,
        documentKey: key,
        documentSha256: hash,
        state: "complete",
        sealedKey: key,
        sealedSha256: hash,
        sealedAt: now,
        completedAt: now,
        updatedAt: now,
      }
    : { documentRevision: revision, documentKey: key, documentSha256: hash, updatedAt: now };
  const [updated] = await tx.update(workflows).set(set).where(eq(workflows.id, wf.id)).returning();
  if (done) {
    await recordEvent(tx, updated, "workflow.signed", systemActor, {
      from: wf.state,
      to: "complete",
      revision,
      sha256: hash,
      signers: after.length,
    });
    await deliverSealed(tx, updated);
    await deliverToSigners(tx, updated, signers);
    await onWorkflowTerminal(tx, updated);
  } else {
    // Sequential mode: the next signer is invited once the one before has signed.
    const toInvite = signersDue(wf.settings.esign!.signingMode, after).filter((s) => s.state === "waiting");
    await inviteSigners(tx, updated, toInvite, now, { total: after.length });
  }
  return { applied: true, state: updated.state };
}

async function appearanceOf(s: WorkflowSigner): Promise<SignatureAppearance> {
  const base = { page: s.fieldPage!, rect: s.fieldRect! };
  if (s.markKind === "drawn") {
    const png = await getBlobStore().get(s.markBlobKey!);
    if (!png) throw new Error(`esign: the drawn mark of signer ${s.position} (${s.markBlobKey}) is missing from the blob store`);
    return { ...base, mark: { kind: "drawn", png } };
  }
  return { ...base, mark: { kind: "typed", text: s.markText ?? s.name } };
}
