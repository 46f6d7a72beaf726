import { eq } from "drizzle-orm";
import type { PortalPrincipal } from "@/lib/auth/portal-token";
import { getDb } from "@/lib/db/client";
import { workflowOtps } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import { portalActor, recordEvent } from "../events";
import { lockWorkflow } from "../get-workflow";
import { assertOtpRequired } from "./otp-gate";
import { OTP_LOCKOUT_MS, OTP_MAX_ATTEMPTS, otpMatches, retryAfterS } from "./otp-code";
import { assertNotLocked, findOtp } from "./send-otp";

type Outcome = { ok: true } | { ok: false; error: AppError };

/**
 * POST /api/workflow/{id}/otp/verify: the code of the last send, before it expires, used once. A wrong
 * code counts; the 5th wrong one locks the code (429 otp.locked), and a new send is needed after the
 * lockout. On success the caller's principal is marked verified: the fresh token of this answer
 * carries the claim, and so does every token refreshed from it.
 *
 * A wrong try must be counted even though the answer is an error, so the transaction returns the
 * outcome and the error is thrown after the commit.
 */
export async function verifyOtp(portal: PortalPrincipal, code: string) {
  const db = await getDb();
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const wf = await lockWorkflow(tx, portal.tenantId, portal.workflowId);
    assertOtpRequired(wf);
    const now = Date.now();
    const otp = await findOtp(tx, wf);
    assertNotLocked(otp?.lockedUntil, now);
    if (!otp?.codeHash || otp.usedAt) throw new AppError("otp.not_sent", "No passcode is waiting; send one with otp/send");
    if (otp.expiresAt.getTime() <= now) throw new AppError("otp.expired", "The passcode has expired; send a new one with otp/send");
    const actor = portalActor(portal);
    if (otpMatches(wf.id, otp.salt, otp.codeHash, code)) {
      await tx
        .update(workflowOtps)
        .set({ usedAt: new Date(now) })
        .where(eq(workflowOtps.workflowId, wf.id));
      await recordEvent(tx, wf, "otp.verified", actor);
      return { ok: true };
    }
    const failed = otp.failedAttempts + 1;
    if (failed >= OTP_MAX_ATTEMPTS) {
      const lockedUntil = new Date(now + OTP_LOCKOUT_MS);
      // The code dies with the lock: only a new send (after the lockout) can open the portal.
      await tx.update(workflowOtps).set({ failedAttempts: failed, lockedUntil, codeHash: null }).where(eq(workflowOtps.workflowId, wf.id));
      await recordEvent(tx, wf, "otp.locked", actor, { failedAttempts: failed });
      const s = retryAfterS(lockedUntil.getTime(), now);
      return {
        ok: false,
        error: new AppError("otp.locked", `${failed} wrong passcodes: this one is locked; a new one can be sent in ${s} s`, {
          headers: { "retry-after": String(s) },
          retryAfter: s,
        }),
      };
    }
    await tx.update(workflowOtps).set({ failedAttempts: failed }).where(eq(workflowOtps.workflowId, wf.id));
    await recordEvent(tx, wf, "otp.failed", actor, { failedAttempts: failed });
    const left = OTP_MAX_ATTEMPTS - failed;
    return {
      ok: false,
      error: new AppError("otp.invalid", `Wrong passcode; ${left} ${left === 1 ? "try" : "tries"} left`, { attemptsLeft: left }),
    };
  });
  if (!outcome.ok) throw outcome.error;
  portal.otpVerified = true;
  return { verified: true, workflowId: portal.workflowId };
}
