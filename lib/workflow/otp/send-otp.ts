import { and, eq } from "drizzle-orm";
import type { PortalPrincipal } from "@/lib/auth/portal-token";
import { getDb, type Tx } from "@/lib/db/client";
import { workflowOtps, type Workflow, type WorkflowOtp } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { enqueueMail } from "@/lib/mail/outbox";
import { portalActor, recordEvent } from "../events";
import { lockWorkflow } from "../get-workflow";
import { assertOtpRequired } from "./otp-gate";
import { hashOtp, newOtpSalt, OTP_SEND_INTERVAL_MS, otpCodeFor, otpCodePlaceholder, retryAfterS } from "./otp-code";

export const findOtp = async (tx: Tx, wf: Workflow): Promise<WorkflowOtp | undefined> =>
  (
    await tx
      .select()
      .from(workflowOtps)
      .where(and(eq(workflowOtps.workflowId, wf.id), eq(workflowOtps.tenantId, wf.tenantId)))
  )[0];

/** 429 otp.locked while a lockout runs (after 5 wrong tries), with Retry-After; `lockedUntil` of a portal's or a signer's passcode. */
export function assertNotLocked(lockedUntil: Date | null | undefined, now: number): void {
  const until = lockedUntil?.getTime();
  if (until && until > now) {
    const s = retryAfterS(until, now);
    throw new AppError("otp.locked", `Too many wrong passcodes; a new one can be sent in ${s} s`, {
      headers: { "retry-after": String(s) },
      retryAfter: s,
    });
  }
}

/** 429 otp.rate_limited, with Retry-After, while the last passcode (`sentAt`) is less than a minute old. */
export function assertSendAllowed(sentAt: Date | null | undefined, now: number): void {
  const nextAllowed = sentAt ? sentAt.getTime() + OTP_SEND_INTERVAL_MS : 0;
  if (nextAllowed > now) {
    const s = retryAfterS(nextAllowed, now);
    throw new AppError("otp.rate_limited", `A passcode was sent less than a minute ago; try again in ${s} s`, {
      headers: { "retry-after": String(s) },
      retryAfter: s,
    });
  }
}

/**
 * POST /api/workflow/{id}/otp/send: a new 6-digit code to the first recipient, replacing any earlier
 * one, at most one send per 60 seconds per workflow (429 otp.rate_limited with Retry-After). Under the
 * workflow's row lock, so two sends at once cannot both pass the limit.
 */
export async function sendOtp(portal: PortalPrincipal) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const wf = await lockWorkflow(tx, portal.tenantId, portal.workflowId);
    assertOtpRequired(wf);
    const now = Date.now();
    const earlier = await findOtp(tx, wf);
    assertNotLocked(earlier?.lockedUntil, now);
    assertSendAllowed(earlier?.sentAt, now);
    const salt = newOtpSalt();
    const row = {
      codeHash: hashOtp(wf.id, salt, otpCodeFor(wf.id, salt)),
      salt,
      sentAt: new Date(now),
      expiresAt: new Date(now + env().OTP_TTL_MS),
      failedAttempts: 0,
      lockedUntil: null,
      usedAt: null,
    };
    await tx
      .insert(workflowOtps)
      .values({ workflowId: wf.id, tenantId: wf.tenantId, ...row })
      .onConflictDoUpdate({ target: workflowOtps.workflowId, set: row });
    const to = wf.settings.recipients[0].email;
    await enqueueMail(tx, otpMail(wf, to, salt));
    await recordEvent(tx, wf, "otp.sent", portalActor(portal), { to });
    return {
      sent: true,
      expiresAt: row.expiresAt.toISOString(),
      nextSendAt: new Date(now + OTP_SEND_INTERVAL_MS).toISOString(),
      to: maskEmail(to),
    };
  });
}

function otpMail(wf: Workflow, to: string, salt: string) {
  const from = wf.settings.organizationName ?? "Sealpost";
  const minutes = Math.round(env().OTP_TTL_MS / 60_000);
  return {
    tenantId: wf.tenantId,
    dedupeKey: `workflow-otp:${wf.id}:${salt}`,
    to,
    subject: `${from}: your passcode for "${wf.title}"`,
    text: [
      `Your passcode is ${otpCodePlaceholder(wf.id, salt)}`,
      ``,
      `Enter it on the page of "${wf.title}" to open the form. It works once, for ${minutes || 1} minute${minutes === 1 ? "" : "s"}.`,
      `If you did not ask for it, ignore this message; nobody can open the form without it.`,
      `Reference: ${wf.correlationId}`,
    ].join("\n"),
  };
}

/** p***@example.com: enough for the participant to recognise the mailbox, too little to harvest it. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf("@");
  return at <= 0 ? "***" : `${email[0]}***${email.slice(at)}`;
};
