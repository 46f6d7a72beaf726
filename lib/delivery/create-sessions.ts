import type { Tx } from "@/lib/db/client";
import { insertMany } from "@/lib/db/insert-many";
import { deliverySessions } from "@/lib/db/schema";
import { mailLocale, outsideLocale } from "@/lib/i18n/outside-locale";
import { hashSecret, newId } from "@/lib/ids";
import { enqueueMails } from "@/lib/mail/outbox";
import type { Recipient } from "@/lib/batch/recipients";
import { tenantDefaultLocale } from "@/lib/tenants/read";
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
   * workflow's `locale`), or null: the mails and pages of recipients who have none of their own are
   * in it where Sealpost writes it, else in the tenant's default.
   */
  locale: string | null;
}

/**
 * One session per recipient address of each record, each with its own link (see link-token.ts), for
 * any number of records in one statement (insertMany). Only the link's hash is stored; the session rows
 * and their notification mails commit together, and the unique (batch, record, recipient) key makes a
 * retried record create neither a second session nor a second mail. Each session keeps its language
 * (the recipient's, else the document's, else the tenant's default, where Sealpost has a catalogue
 * for it: outsideLocale; else none, and its page follows the browser), and its mail is written in it,
 * or in en-GB.
 */
export async function createDeliverySessions(tx: Tx, records: NewDeliveries[]): Promise<number> {
  const tenantLocales = new Map<string, string | null>();
  for (const tenantId of new Set(records.map((d) => d.tenantId))) tenantLocales.set(tenantId, await tenantDefaultLocale(tenantId, tx));
  const drafts = records.flatMap((d) => {
    const expiresAt = new Date(Date.now() + d.expiresInHours * 3_600_000);
    return d.recipients.map((recipient) => {
      const named = { person: recipient.locale, document: d.locale, tenant: tenantLocales.get(d.tenantId) };
      return { id: newId(), recipient, d, expiresAt, locale: outsideLocale(named), mailIn: mailLocale(named) };
    });
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
      .map(({ id, recipient, d, expiresAt, mailIn }) =>
        deliveryMail({
          sessionId: id,
          tenantId: d.tenantId,
          recipient,
          documentTitle: d.documentTitle,
          fileName: d.fileName,
          expiresAt,
          locale: mailIn,
        }),
      ),
  );
  return fresh.size;
}
