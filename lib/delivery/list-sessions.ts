import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { deliveryEvents, deliverySessions } from "@/lib/db/schema";
import { deliveryMails } from "./mail-status";
import { deliveryState } from "./session-state";

/** GET /api/delivery-sessions?correlationId=: the sessions of one record with their events. */
export async function listDeliverySessions(tenantId: string, recordCorrelationId: string) {
  const db = await getDb();
  const sessions = await db
    .select()
    .from(deliverySessions)
    .where(and(eq(deliverySessions.tenantId, tenantId), eq(deliverySessions.recordCorrelationId, recordCorrelationId)))
    .orderBy(asc(deliverySessions.createdAt), asc(deliverySessions.recipientEmail));
  const events = sessions.length
    ? await db
        .select()
        .from(deliveryEvents)
        .where(
          and(
            eq(deliveryEvents.tenantId, tenantId),
            inArray(
              deliveryEvents.sessionId,
              sessions.map((s) => s.id),
            ),
          ),
        )
        .orderBy(asc(deliveryEvents.at), asc(deliveryEvents.id))
    : [];
  const mails = await deliveryMails(
    db,
    sessions.map((s) => s.id),
  );
  return {
    correlationId: recordCorrelationId,
    total: sessions.length,
    sessions: sessions.map((s) => ({
      sessionId: s.id,
      batchId: s.batchId,
      recordIndex: s.recordIndex,
      state: deliveryState(s),
      recipientEmail: s.recipientEmail,
      recipientName: s.recipientName,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      revokedAt: s.revokedAt?.toISOString() ?? null,
      /** The recipient's language (their mail's and, unless they chose another, their page's); null: their browser's. */
      locale: s.locale,
      /** The notification mail: pending, sent or failed (with the mail server's reason). */
      mail: mails.get(s.id) ?? null,
      events: events
        .filter((e) => e.sessionId === s.id)
        .map((e) => ({ kind: e.kind, at: e.at.toISOString(), locale: e.locale, ip: e.ip, userAgent: e.userAgent })),
    })),
  };
}
