import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import { translatorFor } from "@/lib/i18n/translator";
import { senderWords } from "@/lib/i18n/sender";
import { greeting } from "@/lib/mail/greeting";
import { enqueueMails } from "@/lib/mail/outbox";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { PORTAL_TOKEN_HOURS } from "@/lib/auth/portal-token-hours";
import { portalLinkPlaceholder } from "./portal-link";
import { participantLocale, participantMailLocale } from "./portal-locale";

/**
 * The invitation to fill in the workflow, to every recipient (docs/spec.md, "Events": workflow invitation email), queued
 * in `tx`, each in the recipient's language (portal-locale.ts), whose link opens the portal in it. `sendKey`
 * tells a resend apart from the first invitation (the outbox dedupes on the key). The sender's own
 * `message` is inserted as they wrote it.
 */
export async function inviteParticipants(tx: Tx, wf: Workflow, sendKey?: string): Promise<string[]> {
  const { recipients, organizationName, message } = wf.settings;
  const sender = senderWords(organizationName);
  const tenantLocale = await tenantDefaultLocale(wf.tenantId, tx);
  await enqueueMails(
    tx,
    recipients.map((r) => {
      const locale = participantMailLocale(wf.settings, r, tenantLocale);
      const t = translatorFor(locale);
      const link = portalLinkPlaceholder(wf.id, wf.tenantId, undefined, participantLocale(wf.settings, r, tenantLocale) ?? undefined);
      return {
        tenantId: wf.tenantId,
        dedupeKey: `workflow-invite:${wf.id}:${r.email}${sendKey ? `:${sendKey}` : ""}`,
        to: r.email,
        subject: t("mail.invitation.subject", { ...sender, title: wf.title }),
        text: [
          greeting(r.displayName, locale),
          ``,
          t("mail.invitation.asks", { ...sender, title: wf.title }),
          ...(message ? [``, message] : []),
          ``,
          t("mail.invitation.open", { link }),
          ``,
          t("mail.invitation.linkHours", { hours: PORTAL_TOKEN_HOURS, ...sender }),
          t("mail.portal.reference", { reference: wf.correlationId }),
        ].join("\n"),
      };
    }),
  );
  return recipients.map((r) => r.email);
}
