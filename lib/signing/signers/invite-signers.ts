import { eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { workflowSigners, type Workflow, type WorkflowSigner } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { greeting, oneLine } from "@/lib/mail/greeting";
import { translatorFor } from "@/lib/i18n/translator";
import { senderWords } from "@/lib/i18n/sender";
import { enqueueMail } from "@/lib/mail/outbox";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { recordEvent, systemActor, type Actor } from "@/lib/workflow/events";
import { newLinkNonce, signLinkPlaceholder, signToken, signTokenHash } from "../ceremony/sign-link";
import { signerMailLocale } from "./signer-locale";

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
  const tenantLocale = await tenantDefaultLocale(wf.tenantId, tx);
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
    await enqueueMail(tx, signerMail(wf, s, nonce, expiresAt, { total: opts.total, tenantLocale }));
    await recordEvent(tx, wf, opts.resend ? "signer.link-resent" : "signer.invited", opts.actor ?? systemActor, {
      signer: s.position,
      email: s.email,
      expiresAt: expiresAt.toISOString(),
    });
  }
}

/**
 * The invitation, or with `reminder` the reminder before the link expires: the same link (the nonce
 * it is derived from), never a new one, so the first mail's link keeps working too. In the signer's
 * language (signer-locale.ts; `tenantLocale` is their tenant's default); role and organisation are the
 * sender's words, inserted as they are.
 */
export function signerMail(
  wf: Workflow,
  s: WorkflowSigner,
  nonce: string,
  expiresAt: Date,
  { total, tenantLocale, reminder = false }: { total: number; tenantLocale: string | null; reminder?: boolean },
) {
  const locale = signerMailLocale(wf, s, tenantLocale);
  const t = translatorFor(locale);
  const words = { ...senderWords(wf.settings.organizationName), title: wf.title, until: expiresAt };
  const role = s.role ? oneLine(s.role) : null;
  const asks = reminder
    ? role
      ? t("mail.signReminder.waitingAs", { ...words, role })
      : t("mail.signReminder.waiting", words)
    : role
      ? t("mail.signInvite.asksAs", { ...words, role })
      : t("mail.signInvite.asks", words);
  return {
    tenantId: wf.tenantId,
    dedupeKey: reminder ? `sign-reminder:${s.id}:${nonce}` : `sign-invite:${s.id}:${nonce}`,
    to: s.email,
    subject: reminder ? t("mail.signReminder.subject", words) : t("mail.signInvite.subject", words),
    text: [
      greeting(s.name, locale),
      ``,
      asks,
      ...(s.signOrder ? [t("mail.signInvite.order", { order: s.signOrder, total })] : []),
      ``,
      t("mail.signInvite.link", { link: signLinkPlaceholder(s.id, nonce) }),
      ``,
      t("mail.signInvite.personal", { until: expiresAt }),
      ...(s.requireOtp ? [t("mail.signInvite.otp")] : []),
      t("mail.signInvite.reference", { reference: wf.correlationId }),
    ].join("\n"),
  };
}
