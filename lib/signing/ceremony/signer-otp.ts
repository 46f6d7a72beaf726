import { eq } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { workflowSigners, type Workflow, type WorkflowSigner } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { enqueueMail } from "@/lib/mail/outbox";
import { recordEvent } from "@/lib/workflow/events";
import {
  hashOtp,
  newOtpSalt,
  OTP_LOCKOUT_MS,
  OTP_MAX_ATTEMPTS,
  OTP_SEND_INTERVAL_MS,
  otpCodeFor,
  otpCodePlaceholder,
  otpMatches,
  retryAfterS,
} from "@/lib/workflow/otp/otp-code";
import { assertNotLocked, assertSendAllowed, maskEmail } from "@/lib/workflow/otp/send-otp";
import { signerActor } from "./ceremony-bootstrap";
import { openLink } from "./open-link";
import { issueOtpProof } from "./otp-proof";

/*
 * A signer's one-time passcode (esign signer requireOtp): the workflow portal's rules and hashing
 * (lib/workflow/otp): 6 digits, a lifetime of OTP_TTL_MS, one send a minute, five wrong tries lock
 * it for 15 minutes; the code is derived from a salt and bound to the signer's id instead of the
 * workflow's, so a code of one signer never opens another's ceremony.
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
    const now = Date.now();
    assertNotLocked(signer.otpLockedUntil, now);
    assertSendAllowed(signer.otpSentAt, now);
    const salt = newOtpSalt();
    const expiresAt = new Date(now + env().OTP_TTL_MS);
    await tx
      .update(workflowSigners)
      .set({
        otpCodeHash: hashOtp(signer.id, salt, otpCodeFor(signer.id, salt)),
        otpSalt: salt,
        otpSentAt: new Date(now),
        otpExpiresAt: expiresAt,
        otpFailedAttempts: 0,
        otpLockedUntil: null,
      })
      .where(eq(workflowSigners.id, signer.id));
    await enqueueMail(tx, otpMail(wf, signer, salt));
    await recordEvent(tx, wf, "signer.otp-sent", signerActor(signer), { signer: signer.position });
    return {
      sent: true,
      expiresAt: expiresAt.toISOString(),
      nextSendAt: new Date(now + OTP_SEND_INTERVAL_MS).toISOString(),
      to: maskEmail(signer.email),
    };
  });
}

function otpMail(wf: Workflow, s: WorkflowSigner, salt: string) {
  const from = wf.settings.organizationName ?? "Sealpost";
  const minutes = Math.max(1, Math.round(env().OTP_TTL_MS / 60_000));
  return {
    tenantId: wf.tenantId,
    dedupeKey: `sign-otp:${s.id}:${salt}`,
    to: s.email,
    subject: `${from}: your passcode to sign "${wf.title}"`,
    text: [
      `Your passcode is ${otpCodePlaceholder(s.id, salt)}`,
      ``,
      `Enter it on the signing page of "${wf.title}". It works once, for ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      `If you did not ask for it, ignore this message; nobody can sign in your name without it.`,
      `Reference: ${wf.correlationId}`,
    ].join("\n"),
  };
}

type Outcome = { ok: true; signer: WorkflowSigner } | { ok: false; error: AppError };

/**
 * POST /api/sign/{token}/otp/verify: the last code, unexpired, once. A wrong try is counted even
 * though the answer is an error (the transaction returns the outcome; the error is thrown after the
 * commit); the fifth locks the code. Success answers the proof the browser sends from then on.
 */
export async function verifySignerOtp(token: string, code: string) {
  const db = await getDb();
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const { wf, signer } = await openLink(token, tx);
    assertRequired(signer);
    const now = Date.now();
    assertNotLocked(signer.otpLockedUntil, now);
    if (!signer.otpCodeHash || !signer.otpSalt) throw new AppError("otp.not_sent", "No passcode is waiting; send one with otp/send");
    if (signer.otpExpiresAt && signer.otpExpiresAt.getTime() <= now)
      throw new AppError("otp.expired", "The passcode has expired; send a new one with otp/send");
    if (otpMatches(signer.id, signer.otpSalt, signer.otpCodeHash, code)) {
      await tx
        .update(workflowSigners)
        .set({ otpCodeHash: null, otpVerifiedAt: new Date(now) })
        .where(eq(workflowSigners.id, signer.id));
      await recordEvent(tx, wf, "signer.otp-verified", signerActor(signer), { signer: signer.position });
      return { ok: true, signer };
    }
    return { ok: false, error: await countWrongTry(tx, wf, signer, now) };
  });
  if (!outcome.ok) throw outcome.error;
  const { proof, expiresAt } = issueOtpProof(outcome.signer.id, outcome.signer.tokenHash!);
  return { verified: true, otpProof: proof, otpProofExpiresAt: expiresAt.toISOString() };
}

async function countWrongTry(tx: Tx, wf: Workflow, signer: WorkflowSigner, now: number): Promise<AppError> {
  const failed = signer.otpFailedAttempts + 1;
  if (failed >= OTP_MAX_ATTEMPTS) {
    const lockedUntil = new Date(now + OTP_LOCKOUT_MS);
    // The code dies with the lock: only a new send, after the lockout, can open the ceremony.
    await tx
      .update(workflowSigners)
      .set({ otpFailedAttempts: failed, otpLockedUntil: lockedUntil, otpCodeHash: null })
      .where(eq(workflowSigners.id, signer.id));
    await recordEvent(tx, wf, "signer.otp-locked", signerActor(signer), { signer: signer.position, failedAttempts: failed });
    const r = retryAfterS(lockedUntil.getTime(), now);
    return new AppError("otp.locked", `${failed} wrong passcodes: this one is locked; a new one can be sent in ${r} s`, {
      headers: { "retry-after": String(r) },
      retryAfter: r,
    });
  }
  await tx.update(workflowSigners).set({ otpFailedAttempts: failed }).where(eq(workflowSigners.id, signer.id));
  await recordEvent(tx, wf, "signer.otp-failed", signerActor(signer), { signer: signer.position, failedAttempts: failed });
  const left = OTP_MAX_ATTEMPTS - failed;
  return new AppError("otp.invalid", `Wrong passcode; ${left} ${left === 1 ? "try" : "tries"} left`, { attemptsLeft: left });
}
