import { getDb } from "@/lib/db/client";
import type { Workflow, WorkflowSigner } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import type { PasscodeLetter } from "@/lib/otp/mail";
import { checkPasscode, sendPasscode } from "@/lib/otp/passcode";
import { signerHolder } from "@/lib/otp/store";
import { recordEvent } from "@/lib/workflow/events";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { signerMailLocale } from "../signers/signer-locale";
import { signerActor } from "./ceremony-bootstrap";
import { openLink } from "./open-link";
import { issueOtpProof } from "./otp-proof";

/*
 * A signer's one-time passcode (esign signer requireOtp), on the rules of lib/otp, as the workflow
 * portal's: the code is bound to the signer's id, so a code of one signer never opens another's
 * ceremony. What a verified code opens is the signer's own: a proof for the browser (otp-proof.ts).
 */

function assertRequired(s: WorkflowSigner): void {
  if (!s.requireOtp) throw new AppError("otp.not_required", "This signer was invited without requireOtp; the link needs no passcode");
}

/** POST /api/sign/{token}/otp/send: a new code to the signer's address, replacing any earlier one. */
export async function sendSignerOtp(token: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { wf, signer } = await openLink(token, tx);
    assertRequired(signer);
    return sendPasscode(
      tx,
      signerHolder(signer),
      letter(wf, signer),
      () => recordEvent(tx, wf, "signer.otp-sent", signerActor(signer), { signer: signer.position }),
      signerMailLocale(wf, signer, await tenantDefaultLocale(wf.tenantId, tx)),
    );
  });
}

const letter = (wf: Workflow, s: WorkflowSigner): PasscodeLetter => ({
  to: s.email,
  purpose: "sign",
  organisation: wf.settings.organizationName ?? null,
  title: wf.title,
  reference: wf.correlationId,
});

/**
 * POST /api/sign/{token}/otp/verify: the last code, unexpired, once; a wrong try is counted and the
 * fifth locks the code (lib/otp). Success answers the proof the browser sends from then on.
 */
export async function verifySignerOtp(token: string, code: string) {
  const db = await getDb();
  const { outcome, signer } = await db.transaction(async (tx) => {
    const { wf, signer } = await openLink(token, tx);
    assertRequired(signer);
    const actor = signerActor(signer);
    const outcome = await checkPasscode(tx, signerHolder(signer), code, (e) =>
      e.kind === "verified"
        ? recordEvent(tx, wf, "signer.otp-verified", actor, { signer: signer.position })
        : recordEvent(tx, wf, e.kind === "locked" ? "signer.otp-locked" : "signer.otp-failed", actor, {
            signer: signer.position,
            failedAttempts: e.failedAttempts,
          }),
    );
    return { outcome, signer };
  });
  if (!outcome.ok) throw outcome.error;
  const { proof, expiresAt } = issueOtpProof(signer.id, signer.tokenHash!);
  return { verified: true, otpProof: proof, otpProofExpiresAt: expiresAt.toISOString() };
}
