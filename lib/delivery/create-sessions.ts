import type { Tx } from "@/lib/db/client";
import { deliverySessions } from "@/lib/db/schema";
import { hashSecret, newId } from "@/lib/ids";
import { enqueueMails } from "@/lib/mail/outbox";
import type { Recipient } from "@/lib/batch/recipients";
import { deliveryLinkPlaceholder, deliveryToken } from "./link-token";

export interface NewDeliveries {
  tenantId: string;
  batchId: string;
  recordIndex: number;
  recordCorrelationId: string;
  recipients: Recipient[];
  expiresInHours: number;
  documentTitle: string;
  fileName: string;
}

/**
 * One session per recipient address of one record, each with its own link (see link-token.ts). Only
 * the link's hash is stored; the session rows and their notification mails commit together, and the unique
 * (batch, record, recipient) key makes a retried record create neither a second session nor a second mail.
 */
export async function createDeliverySessions(tx: Tx, d: NewDeliveries): Promise<number> {
  if (d.recipients.length === 0) return 0;
  const expiresAt = new Date(Date.now() + d.expiresInHours * 3_600_000);
  const drafts = d.recipients.map((r) => ({ id: newId(), recipient: r }));
  const inserted = await tx
    .insert(deliverySessions)
    .values(
      drafts.map((x) => ({
        id: x.id,
        tenantId: d.tenantId,
        batchId: d.batchId,
        recordIndex: d.recordIndex,
        recordCorrelationId: d.recordCorrelationId,
        recipientEmail: x.recipient.email,
        recipientName: x.recipient.name,
        tokenHash: hashSecret(deliveryToken(x.id)),
        expiresAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: deliverySessions.id });
  const fresh = new Set(inserted.map((r) => r.id));
  await enqueueMails(
    tx,
    drafts
      .filter((x) => fresh.has(x.id))
      .map((x) => ({
        tenantId: d.tenantId,
        dedupeKey: `delivery:${x.id}`,
        to: x.recipient.email,
        subject: `Your document: ${d.documentTitle}`,
        text: [
          `Hello${x.recipient.name ? ` ${x.recipient.name}` : ""},`,
          ``,
          `A document has been sent to you: ${d.fileName}`,
          ``,
          `Open it here (the link is personal and expires ${expiresAt.toUTCString()}):`,
          deliveryLinkPlaceholder(x.id),
        ].join("\n"),
      })),
  );
  return fresh.size;
}
