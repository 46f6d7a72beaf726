import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import { greeting, oneLine } from "@/lib/mail/greeting";
import { translatorFor } from "@/lib/i18n/translator";
import { senderWords } from "@/lib/i18n/sender";
import { enqueueMail } from "@/lib/mail/outbox";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { signerMailLocale } from "./signer-locale";
import { listSigners } from "./signers";

export type SigningEnd = { by: "initiator" } | { by: "signer"; position: number; name: string };

/**
 * Tells every signer who was asked to sign and has not yet signed or declined that the document no
 * longer needs their signature, so nobody opens a dead link wondering why (DocuSign's "voided"
 * mail). Queued in `tx`, with the change that ended the signing. Signers still waiting for their turn
 * in a sequential order were never asked: they hear nothing. A signer who declined gets no mail
 * about their own decline; the initiator learns it from the callback and the outcome mail. Each
 * mail is in its signer's language (signer-locale.ts).
 */
export async function tellSignersSigningEnded(tx: Tx, wf: Workflow, end: SigningEnd): Promise<void> {
  const organisation = wf.settings.organizationName;
  const words = { ...senderWords(organisation && oneLine(organisation)), title: wf.title };
  const tenantLocale = await tenantDefaultLocale(wf.tenantId, tx);
  for (const s of await listSigners(wf.tenantId, wf.id, tx)) {
    if (!s.invitedAt || s.signedAt || s.declinedAt) continue;
    const locale = signerMailLocale(wf, s, tenantLocale);
    const t = translatorFor(locale);
    await enqueueMail(tx, {
      tenantId: wf.tenantId,
      dedupeKey: `sign-ended:${s.id}`,
      to: s.email,
      subject: t("mail.signEnded.subject", words),
      text: [
        greeting(s.name, locale),
        ``,
        end.by === "initiator" ? t("mail.signEnded.withdrawn", words) : t("mail.signEnded.declined", { ...words, name: oneLine(end.name) }),
        t("mail.signEnded.deadLink"),
        t("mail.signInvite.reference", { reference: wf.correlationId }),
      ].join("\n"),
    });
  }
}
