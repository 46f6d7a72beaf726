import type { Recipient } from "@/lib/batch/recipients";
import type { SupportedLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { greeting } from "@/lib/mail/greeting";
import type { OutgoingMail } from "@/lib/mail/outbox";
import { deliveryLinkPlaceholder } from "./link-token";
import { deliveryMailKey } from "./mail-status";

/**
 * The mail telling one recipient that a document waits behind their personal link (the link is a
 * placeholder until the mail is sent, see link-token.ts), in the delivery's language: the one stored
 * for the delivery, else the default, never the browser's (a mail has none). The greeting names the
 * recipient when the record does (recipientName, else the template's deliveryConfig.nameField); names
 * are record data, so they go into the body as one checked line, never into a header.
 */
export function deliveryMail(m: {
  sessionId: string;
  tenantId: string;
  recipient: Recipient;
  documentTitle: string;
  fileName: string;
  expiresAt: Date;
  locale: SupportedLocale;
}): OutgoingMail {
  const t = translatorFor(m.locale);
  return {
    tenantId: m.tenantId,
    dedupeKey: deliveryMailKey(m.sessionId),
    to: m.recipient.email,
    subject: t("mail.delivery.subject", { title: m.documentTitle }),
    text: [
      greeting(m.recipient.name, m.locale),
      ``,
      t("mail.delivery.sent", { fileName: m.fileName }),
      ``,
      t("mail.delivery.link", { expiresAt: m.expiresAt }),
      deliveryLinkPlaceholder(m.sessionId),
    ].join("\n"),
  };
}
