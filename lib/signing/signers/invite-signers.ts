import { eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { workflowSigners, type Workflow, type WorkflowSigner } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { greeting, oneLine } from "@/lib/mail/greeting";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { momentText } from "@/lib/format/moment-text";
import { enqueueMail } from "@/lib/mail/outbox";
import { recordEvent, systemActor, type Actor } from "@/lib/workflow/events";
import { newLinkNonce, signLinkPlaceholder, signToken, signTokenHash } from "../ceremony/sign-link";

/**
 * Gives each signer a new link and mails it (queued in `tx`, under the workflow's row lock): the first
 * invitation, or a re-send. The link's hash and expiry replace the old ones, so an earlier link is
 * dead; a passcode verified with the old link does not carry over. A signer who had viewed the
 * document stays viewed.
 */
export async function inviteSigners(
  tx: Tx,
  wf: Workflow,
  signers: WorkflowSigner[],
  now: Date,
  opts: { resend?: boolean; actor?: Actor; total: number } = { total: signers.length },
): Promise<void> {
  const hours = env().ESIGN_LINK_TTL_HOURS;
  for (const s of signers) {
    const nonce = newLinkNonce();
    const expiresAt = new Date(now.getTime() + hours * 3_600_000);
    await tx
      .update(workflowSigners)
      .set({
        tokenHash: signTokenHash(signToken(s.id, nonce)),
        replacedTokenHashes: s.tokenHash ? [...s.replacedTokenHashes, s.tokenHash].slice(-20) : s.replacedTokenHashes,
        tokenExpiresAt: expiresAt,
        tokenNonce: nonce,
        reminderSentAt: null,
        invitedAt: s.invitedAt ?? now,
        state: s.viewedAt ? "viewed" : "invited",
        expiredAt: null,
        updatedAt: now,
      })
      .where(eq(workflowSigners.id, s.id));
    await enqueueMail(tx, signerMail(wf, s, nonce, expiresAt, opts.total));
    await recordEvent(tx, wf, opts.resend ? "signer.link-resent" : "signer.invited", opts.actor ?? systemActor, {
      signer: s.position,
      email: s.email,
      expiresAt: expiresAt.toISOString(),
    });
  }
}

/**
 * The invitation, or with `reminder` the reminder before the link expires: the same link (the nonce
 * it is derived from), never a new one, so the first mail's link keeps working too.
 */
export function signerMail(wf: Workflow, s: WorkflowSigner, nonce: string, expiresAt: Date, total: number, reminder = false) {
  const from = wf.settings.organizationName ?? "Sealpost";
  const as = s.role ? ` as ${oneLine(s.role)}` : "";
  const until = momentText(expiresAt, wf.settings.locale ?? DEFAULT_LOCALE);
  return {
    tenantId: wf.tenantId,
    dedupeKey: reminder ? `sign-reminder:${s.id}:${nonce}` : `sign-invite:${s.id}:${nonce}`,
    to: s.email,
    subject: reminder ? `Reminder: ${from} asks you to sign "${wf.title}" by ${until}` : `${from}: please sign "${wf.title}"`,
    text: [
      greeting(s.name),
      ``,
      reminder
        ? `${from} is still waiting for your signature on "${wf.title}"${as}. Your link stops working on ${until}.`
        : `${from} asks you to sign "${wf.title}"${as}.`,
      ...(s.signOrder ? [`You are signer ${s.signOrder} of ${total}; signers sign one after another, in order.`] : []),
      ``,
      `Read the document and sign it (or decline): ${signLinkPlaceholder(s.id, nonce)}`,
      ``,
      `This link is for you alone. It works until ${until}, and once: after you sign or decline it opens nothing.`,
      ...(s.requireOtp ? [`To open it you will also need a passcode, which we send to this address when you ask for it on the page.`] : []),
      `Reference: ${wf.correlationId}`,
    ].join("\n"),
  };
}
