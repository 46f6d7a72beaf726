import type { PortalPrincipal } from "@/lib/auth/portal-token";
import { getDb } from "@/lib/db/client";
import { checkPasscode } from "@/lib/otp/passcode";
import { portalHolder } from "@/lib/otp/store";
import { portalActor, recordEvent } from "../events";
import { lockWorkflow } from "../get-workflow";
import { assertOtpRequired } from "./otp-gate";

/**
 * POST /api/workflow/{id}/otp/verify: the code of the last send, on the rules of lib/otp (unexpired,
 * once, five wrong tries lock it). On success the caller's principal is marked verified: the fresh
 * token of this answer carries the claim, and so does every token refreshed from it.
 */
export async function verifyOtp(portal: PortalPrincipal, code: string) {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const wf = await lockWorkflow(tx, portal.tenantId, portal.workflowId);
    assertOtpRequired(wf);
    const actor = portalActor(portal);
    return checkPasscode(tx, portalHolder(wf), code, (e) =>
      e.kind === "verified"
        ? recordEvent(tx, wf, "otp.verified", actor)
        : recordEvent(tx, wf, e.kind === "locked" ? "otp.locked" : "otp.failed", actor, { failedAttempts: e.failedAttempts }),
    );
  });
  if (!outcome.ok) throw outcome.error;
  portal.otpVerified = true;
  return { verified: true, workflowId: portal.workflowId };
}
