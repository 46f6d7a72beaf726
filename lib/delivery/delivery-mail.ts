import type { Recipient } from "@/lib/batch/recipients";
import { momentText } from "@/lib/format/moment-text";
import { greeting } from "@/lib/mail/greeting";
import type { OutgoingMail } from "@/lib/mail/outbox";
import { deliveryLinkPlaceholder } from "./link-token";
import { deliveryMailKey } from "./mail-status";

/**
 * The mail telling one recipient that a document waits behind their personal link (the link is a
 * placeholder until the mail is sent, see link-token.ts). The greeting names the recipient when the
 * record does (recipientName, else the template's deliveryConfig.nameField); names are record data,
 * so they go into the body as one checked line, never into a header.
 */
export function deliveryMail(m: {
  sessionId: string;
  tenantId: string;
  recipient: Recipient;
  documentTitle: string;
  fileName: string;
  expiresAt: Date;
}): OutgoingMail {
  return {
    tenantId: m.tenantId,
    dedupeKey: deliveryMailKey(m.sessionId),
    to: m.recipient.email,
    subject: `Your document: ${m.documentTitle}`,
    text: [
      greeting(m.recipient.name),
      ``,
      `A document has been sent to you: ${m.fileName}`,
      ``,
      `Open it here (the link is personal and expires on ${momentText(m.expiresAt)}):`,
      deliveryLinkPlaceholder(m.sessionId),
    ].join("\n"),
  };
}
