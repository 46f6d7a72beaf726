import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { batches, batchRecords, deliveryEvents, deliverySessions, workflows, type DeliverySession } from "@/lib/db/schema";
import { sealedFileName } from "@/lib/workflow/sealing/sealed-file-name";
import { hashSecret } from "@/lib/ids";
import type { SupportedLocale } from "@/lib/i18n/locales";
import { outsideLocale } from "@/lib/i18n/outside-locale";
import { getTenant } from "@/lib/tenants/read";
import { isDeliveryToken } from "./link-token";
import { deliveryState, type DeliveryState } from "./session-state";

export interface Visitor {
  ip: string | null;
  userAgent: string | null;
}

/**
 * `organisation`: the sending tenant's name, which the recipient's page shows as the sender.
 * `locale`: the session's language, else its tenant's default now (deliveryLocale's), null: neither.
 */
export type OpenedSession =
  | { state: "unknown" }
  | { state: Exclude<DeliveryState, "active">; session: DeliverySession; organisation: string; locale: SupportedLocale | null }
  | { state: "active"; session: DeliverySession; organisation: string; locale: SupportedLocale | null; record: DeliveredFile };

/** What a delivery link reaches: a rendered batch record, or a sealed workflow's PDF, with the title of its batch or workflow. */
export interface DeliveredFile {
  blobKey: string | null;
  fileName: string;
  title: string;
}

/**
 * Resolves a recipient's link and records the visit (access, download or denied). The record is
 * looked up through the session alone, so a link can only ever reach its own record's document.
 */
export async function openDeliverySession(token: string, kind: "access" | "download", visitor: Visitor): Promise<OpenedSession> {
  if (!isDeliveryToken(token)) return { state: "unknown" };
  const db = await getDb();
  const [session] = await db
    .select()
    .from(deliverySessions)
    .where(eq(deliverySessions.tokenHash, hashSecret(token)));
  if (!session) return { state: "unknown" };
  const state = deliveryState(session);
  const event = { sessionId: session.id, tenantId: session.tenantId, ip: visitor.ip, userAgent: visitor.userAgent?.slice(0, 500) ?? null };
  const tenant = await getTenant(session.tenantId);
  const organisation = tenant?.name ?? session.tenantId;
  const locale = outsideLocale({ person: session.locale, tenant: tenant?.defaultLocale });
  if (state !== "active") {
    await db.insert(deliveryEvents).values({ ...event, kind: "denied" });
    return { state, session, organisation, locale };
  }
  const record = (await batchRecordFile(session)) ?? (await sealedWorkflowFile(session));
  if (!record) return { state: "unknown" };
  await db.insert(deliveryEvents).values({ ...event, kind });
  return { state: "active", session, organisation, locale, record };
}

async function batchRecordFile(session: DeliverySession): Promise<DeliveredFile | null> {
  const db = await getDb();
  // Through the session's own tenant's batch: the title comes from it, and no other tenant's row can match.
  const [record] = await db
    .select({ status: batchRecords.status, blobKey: batchRecords.blobKey, fileName: batchRecords.fileName, title: batches.title })
    .from(batchRecords)
    .innerJoin(batches, and(eq(batches.id, batchRecords.batchId), eq(batches.tenantId, session.tenantId)))
    .where(and(eq(batchRecords.batchId, session.batchId), eq(batchRecords.recordIndex, session.recordIndex)));
  return record && record.status === "rendered" && record.blobKey
    ? { blobKey: record.blobKey, fileName: record.fileName, title: record.title }
    : null;
}

/** A workflow's delivery session names the workflow as its batch (lib/workflow/sealing/deliver-sealed.ts). */
async function sealedWorkflowFile(session: DeliverySession): Promise<DeliveredFile | null> {
  const db = await getDb();
  const [wf] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, session.batchId), eq(workflows.tenantId, session.tenantId)));
  return wf?.sealedKey ? { blobKey: wf.sealedKey, fileName: sealedFileName(wf), title: wf.title } : null;
}
