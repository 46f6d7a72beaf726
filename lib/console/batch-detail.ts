import { and, asc, between, count, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { auditEvents, batchRecords, deliveryEvents, deliverySessions, type Batch } from "@/lib/db/schema";
import { fieldsOfData, recordDetails, type RecordDetails } from "@/lib/batch/record-details";
import { deliveryMails, type DeliveryMail } from "@/lib/delivery/mail-status";
import { loadTemplate } from "@/lib/templates/load-template";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import type { FindingWords } from "@/lib/i18n/words";

export const RECORDS_PAGE_SIZE = 50;
export const recordFilters = ["all", "pending", "rendered", "failed"] as const;
export type RecordFilter = (typeof recordFilters)[number];

export interface RecordRow {
  index: number;
  /** The record's main fields and recipients; null where the record was not stored (an invalid batch). */
  details: RecordDetails | null;
  fileName: string | null;
  intake: "ready" | "warning" | "invalid";
  messages: string[];
  /** The same findings in any language, in order; null for a batch taken in before they were kept (then `messages`, in English). */
  findings: FindingWords[] | null;
  /** null for records of an invalid batch, which are never stored as records. */
  status: "pending" | "rendered" | "failed" | null;
  error: string | null;
  renderedAt: Date | null;
  deliveries: Array<{
    recipientEmail: string;
    state: "active" | "expired" | "revoked";
    accessed: number;
    downloaded: number;
    lastAt: Date | null;
    /** The notification mail (null before the outbox has it). */
    mail: DeliveryMail | null;
  }>;
}

/**
 * One page of a batch's records with their intake messages, processing state and delivery, in a
 * handful of indexed queries whatever the batch's size (10,000 records: the page is a range of the
 * (batch_id, record_index) key, and delivery is read for that range only).
 */
export async function batchRecordsPage(batch: Batch, q: { page: number; filter: RecordFilter }) {
  const db = await getDb();
  const validation = new Map(batch.validationResults.map((v) => [v.index, v]));
  const intakeOf = (i: number) => validation.get(i)?.status ?? "ready";

  if (batch.state === "invalid") {
    // Nothing was stored per record: the list is the records that have messages.
    const entries = [...validation.values()].sort((a, b) => a.index - b.index);
    const total = entries.length;
    const slice = entries.slice((q.page - 1) * RECORDS_PAGE_SIZE, q.page * RECORDS_PAGE_SIZE);
    const rows: RecordRow[] = slice.map((v) => ({
      index: v.index,
      details: null,
      fileName: null,
      intake: v.status,
      messages: v.messages,
      findings: v.findings ?? null,
      status: null,
      error: null,
      renderedAt: null,
      deliveries: [],
    }));
    return { rows, total, page: q.page, pages: pagesOf(total), byStatus: {} as Record<string, number> };
  }

  const scope = and(eq(batchRecords.batchId, batch.id), eq(batchRecords.tenantId, batch.tenantId));
  const where = q.filter === "all" ? scope : and(scope, eq(batchRecords.status, q.filter));
  const [records, perStatus] = await Promise.all([
    db
      .select({
        index: batchRecords.recordIndex,
        data: batchRecords.data,
        fileName: batchRecords.fileName,
        status: batchRecords.status,
        error: batchRecords.error,
        renderedAt: batchRecords.renderedAt,
      })
      .from(batchRecords)
      .where(where)
      .orderBy(asc(batchRecords.recordIndex))
      .limit(RECORDS_PAGE_SIZE)
      .offset((q.page - 1) * RECORDS_PAGE_SIZE),
    db.select({ status: batchRecords.status, n: count() }).from(batchRecords).where(scope).groupBy(batchRecords.status),
  ]);
  const byStatus = Object.fromEntries(perStatus.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
  const total = q.filter === "all" ? Object.values(byStatus).reduce((a, b) => a + b, 0) : (byStatus[q.filter] ?? 0);
  const [deliveries, template] = await Promise.all([
    deliveriesFor(
      batch,
      records.map((r) => r.index),
    ),
    loadTemplate(batch.templatePath).catch(() => null),
  ]);
  const rows: RecordRow[] = records.map(({ data, ...r }) => ({
    ...r,
    details: recordDetails(template ?? { fields: fieldsOfData(data), locale: DEFAULT_LOCALE }, data),
    intake: intakeOf(r.index),
    messages: validation.get(r.index)?.messages ?? [],
    findings: validation.get(r.index)?.findings ?? (validation.has(r.index) ? null : []),
    deliveries: deliveries.get(r.index) ?? [],
  }));
  return { rows, total, page: q.page, pages: pagesOf(total), byStatus };
}

const pagesOf = (total: number) => Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE));

async function deliveriesFor(batch: Batch, indices: number[]) {
  const out = new Map<number, RecordRow["deliveries"]>();
  if (indices.length === 0) return out;
  const db = await getDb();
  const sessions = await db
    .select()
    .from(deliverySessions)
    .where(
      and(
        eq(deliverySessions.tenantId, batch.tenantId),
        eq(deliverySessions.batchId, batch.id),
        between(deliverySessions.recordIndex, Math.min(...indices), Math.max(...indices)),
      ),
    )
    .orderBy(asc(deliverySessions.recordIndex), asc(deliverySessions.recipientEmail));
  const wanted = new Set(indices);
  const mine = sessions.filter((s) => wanted.has(s.recordIndex));
  const events = mine.length
    ? await db
        .select({ sessionId: deliveryEvents.sessionId, kind: deliveryEvents.kind, at: deliveryEvents.at })
        .from(deliveryEvents)
        .where(
          and(
            eq(deliveryEvents.tenantId, batch.tenantId),
            inArray(
              deliveryEvents.sessionId,
              mine.map((s) => s.id),
            ),
          ),
        )
    : [];
  const mails = await deliveryMails(
    db,
    mine.map((s) => s.id),
  );
  const now = Date.now();
  for (const s of mine) {
    const own = events.filter((e) => e.sessionId === s.id);
    const last = own.reduce<Date | null>((m, e) => (!m || e.at > m ? e.at : m), null);
    const list = out.get(s.recordIndex) ?? [];
    list.push({
      recipientEmail: s.recipientEmail,
      state: s.revokedAt ? "revoked" : s.expiresAt.getTime() <= now ? "expired" : "active",
      accessed: own.filter((e) => e.kind === "access").length,
      downloaded: own.filter((e) => e.kind === "download").length,
      lastAt: last,
      mail: mails.get(s.id) ?? null,
    });
    out.set(s.recordIndex, list);
  }
  return out;
}

export interface TimelineEntry {
  at: Date;
  action: string;
  actor: string | null;
  comments: string | null;
  /** A failed mail's recipient and the mail server's reason, for a line under the entry. */
  mailFailure: { recipient: string; reason: string } | null;
  detail: Record<string, unknown> | null;
}

/** What happened to the batch, oldest first, with the decision comments (audit records of the batch). */
export async function batchTimeline(batch: Batch): Promise<TimelineEntry[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.tenantId, batch.tenantId), eq(auditEvents.subjectType, "batch"), eq(auditEvents.subjectId, batch.id)))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  return rows.map((r) => {
    const detail = r.detail;
    const comments = detail && typeof detail.comments === "string" ? detail.comments : null;
    const mailFailure =
      detail && typeof detail.recipient === "string" && typeof detail.reason === "string"
        ? { recipient: detail.recipient, reason: detail.reason }
        : null;
    return { at: r.at, action: r.action, actor: r.actor, comments, mailFailure, detail };
  });
}
