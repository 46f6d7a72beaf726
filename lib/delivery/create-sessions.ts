import type { Tx } from "@/lib/db/client";
import { insertMany } from "@/lib/db/insert-many";
import { deliverySessions } from "@/lib/db/schema";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";
import { hashSecret, newId } from "@/lib/ids";
import { enqueueMails } from "@/lib/mail/outbox";
import type { Recipient } from "@/lib/batch/recipients";
import { deliveryMail } from "./delivery-mail";
import { deliveryToken } from "./link-token";

/** The deliveries of one rendered record. */
export interface NewDeliveries {
  tenantId: string;
  batchId: string;
  recordIndex: number;
  recordCorrelationId: string;
  recipients: Recipient[];
  expiresInHours: number;
  documentTitle: string;
  fileName: string;
  /**
   * The language the sender named for the document (the template's front matter `locale`, the
   * workflow's `locale`), or null: the recipients' mails and pages are in it where Sealpost writes it.
   */
  locale: string | null;
}

/**
 * One session per recipient address of each record, each with its own link (see link-token.ts), for
 * any number of records in one statement (insertMany). Only the link's hash is stored; the session rows
 * and their notification mails commit together, and the unique (batch, record, recipient) key makes a
 * retried record create neither a second session nor a second mail. Each session keeps its language
 * (the document's, when Sealpost has a catalogue for it; else none, and its page follows the browser),
 * and its mail is written in it, or in the default.
 */
export async function createDeliverySessions(tx: Tx, records: NewDeliveries[]): Promise<number> {
  const drafts = records.flatMap((d) => {
    const expiresAt = new Date(Date.now() + d.expiresInHours * 3_600_000);
    const locale = supportedLocaleOf(d.locale);
    return d.recipients.map((recipient) => ({ id: newId(), recipient, d, expiresAt, locale }));
  });
  if (drafts.length === 0) return 0;
  const inserted = await insertMany(
    tx,
    deliverySessions,
    drafts.map(({ id, recipient, d, expiresAt, locale }) => ({
      id,
      tenantId: d.tenantId,
      batchId: d.batchId,
      recordIndex: d.recordIndex,
      recordCorrelationId: d.recordCorrelationId,
      recipientEmail: recipient.email,
      recipientName: recipient.name,
      tokenHash: hashSecret(deliveryToken(id)),
      expiresAt,
      locale,
    })),
    { onConflictDoNothing: true, returning: deliverySessions.id },
  );
  const fresh = new Set(inserted as string[]);
  await enqueueMails(
    tx,
    drafts
      .filter((x) => fresh.has(x.id))
      .map(({ id, recipient, d, expiresAt, locale }) =>
        deliveryMail({
          sessionId: id,
          tenantId: d.tenantId,
          recipient,
          documentTitle: d.documentTitle,
          fileName: d.fileName,
          expiresAt,
          locale: locale ?? DEFAULT_LOCALE,
        }),
      ),
  );
  return fresh.size;
}
