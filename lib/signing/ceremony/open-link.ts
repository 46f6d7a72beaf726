import { and, eq, inArray } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { workflowSigners, type Workflow, type WorkflowSigner } from "@/lib/db/schema";
import { momentText } from "@/lib/format/moment-text";
import { AppError } from "@/lib/http/problem";
import { recordEvent, systemActor } from "@/lib/workflow/events";
import { getWorkflow, lockWorkflow } from "@/lib/workflow/get-workflow";
import { tokenMatches, tokenSigner } from "./sign-link";
import { otpProofValid } from "./otp-proof";

export interface OpenedLink {
  wf: Workflow;
  signer: WorkflowSigner;
}

const invalid = () =>
  new AppError("esign.link_invalid", "This signing link does not exist; check that the whole address from the mail was opened");
const day = (d: Date) => momentText(d);

/**
 * The workflow and signer a link opens, or the problem that says why it opens nothing: unknown (404
 * esign.link_invalid), replaced by a newer link (410 esign.link_replaced), used: the signer signed
 * or declined (410 esign.link_used), the workflow no longer collects signatures (409
 * esign.signing_closed), or expired (410 esign.link_expired; the signer is then recorded expired).
 * With `tx`, the workflow's row is locked first and then the signer's, the order every writer keeps.
 */
export async function openLink(token: string, tx?: Tx): Promise<OpenedLink> {
  const { wf, signer } = await linkHolder(token, tx);
  if (signer.declinedAt)
    throw new AppError("esign.link_used", `You declined to sign on ${day(signer.declinedAt)}; this link opens nothing more`, {
      signerState: "declined",
    });
  if (signer.signedAt)
    throw new AppError("esign.link_used", `You signed on ${day(signer.signedAt)}; this link opens nothing more`, { signerState: "signed" });
  if (signer.signRequestedAt)
    throw new AppError("esign.link_used", "You have signed; your signature is being added to the document", { signerState: "signing" });
  if (wf.state !== "sealing" || wf.documentRevision === null) {
    throw new AppError("esign.signing_closed", `The document is no longer collecting signatures (workflow ${wf.state})`, {
      state: wf.state,
    });
  }
  if (signer.tokenExpiresAt && signer.tokenExpiresAt.getTime() <= Date.now()) {
    // Inside a caller's transaction the problem rolls it back: the status shows the expiry anyway (effectiveState).
    if (!tx) await markExpired(wf, signer);
    throw new AppError("esign.link_expired", `This link expired on ${day(signer.tokenExpiresAt)}; ask the sender for a new one`);
  }
  return { wf, signer };
}

/**
 * The workflow and signer whose current link `token` is, whatever they did with it: unknown (404
 * esign.link_invalid) or replaced (410 esign.link_replaced) are the only refusals. openLink adds the
 * ones that close the ceremony; the progress page needs none of them.
 */
export async function linkHolder(token: string, tx?: Tx): Promise<OpenedLink> {
  const signerId = tokenSigner(token);
  if (!signerId) throw invalid();
  const db = tx ?? (await getDb());
  const [found] = await db.select().from(workflowSigners).where(eq(workflowSigners.id, signerId));
  if (!found) throw invalid();
  const wf = tx ? await lockWorkflow(tx, found.tenantId, found.workflowId) : await getWorkflow(found.tenantId, found.workflowId);
  const signer = tx ? (await tx.select().from(workflowSigners).where(eq(workflowSigners.id, signerId)).for("update"))[0] : found;
  if (!tokenMatches(token, signer.tokenHash)) {
    if (signer.replacedTokenHashes.some((h) => tokenMatches(token, h))) {
      throw new AppError("esign.link_replaced", "A newer signing link was sent to you; open the link in the latest mail");
    }
    throw invalid();
  }
  return { wf, signer };
}

/** Records once that a signer's link ran out (the status shows it either way: effectiveState). */
async function markExpired(wf: Workflow, signer: WorkflowSigner): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockWorkflow(tx, wf.tenantId, wf.id); // the writers' order: workflow, then signer
    const [changed] = await tx
      .update(workflowSigners)
      .set({ state: "expired", expiredAt: signer.tokenExpiresAt, updatedAt: new Date() })
      .where(and(eq(workflowSigners.id, signer.id), inArray(workflowSigners.state, ["invited", "viewed"])))
      .returning({ id: workflowSigners.id });
    if (changed) await recordEvent(tx, wf, "signer.expired", systemActor, { signer: signer.position, email: signer.email });
  });
}

/** 403 otp.required while a signer who needs a passcode has not shown this browser's proof of one. */
export function assertOtpPassed(signer: WorkflowSigner, proof: string | null): void {
  if (signer.requireOtp && !otpProofValid(proof, signer.id, signer.tokenHash!)) {
    throw new AppError(
      "otp.required",
      "Verify the one-time passcode first: POST otp/send, then otp/verify with the code from the mail, and send the proof it answers in X-Svc-Sign-Otp",
    );
  }
}

export const verificationMethod = (signer: WorkflowSigner): string => (signer.requireOtp ? "email link + one-time passcode" : "email link");
