import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { batchRecords, deliveryEvents, deliverySessions, workflows, type DeliverySession } from "@/lib/db/schema";
import { sealedFileName } from "@/lib/workflow/deliver-sealed";
import { hashSecret } from "@/lib/ids";
import { deliveryState, type DeliveryState } from "./session-state";

export interface Visitor {
  ip: string | null;
  userAgent: string | null;
}

export type OpenedSession =
  | { state: "unknown" }
  | { state: Exclude<DeliveryState, "active">; session: DeliverySession }
  | { state: "active"; session: DeliverySession; record: DeliveredFile };

/** What a delivery link reaches: a rendered batch record, or a sealed workflow's PDF. */
export interface DeliveredFile {
  blobKey: string | null;
  fileName: string;
}

const tokenShape = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * Resolves a recipient's link and records the visit (access, download or denied). The record is
 * looked up through the session alone, so a link can only ever reach its own record's document.
 */
export async function openDeliverySession(token: string, kind: "access" | "download", visitor: Visitor): Promise<OpenedSession> {
  if (!tokenShape.test(token)) return { state: "unknown" };
  const db = await getDb();
  const [session] = await db.select().from(deliverySessions).where(eq(deliverySessions.tokenHash, hashSecret(token)));
  if (!session) return { state: "unknown" };
  const state = deliveryState(session);
  const event = { sessionId: session.id, tenantId: session.tenantId, ip: visitor.ip, userAgent: visitor.userAgent?.slice(0, 500) ?? null };
  if (state !== "active") {
    await db.insert(deliveryEvents).values({ ...event, kind: "denied" });
    return { state, session };
  }
  const record = (await batchRecordFile(session)) ?? (await sealedWorkflowFile(session));
  if (!record) return { state: "unknown" };
  await db.insert(deliveryEvents).values({ ...event, kind });
  return { state: "active", session, record };
}

async function batchRecordFile(session: DeliverySession): Promise<DeliveredFile | null> {
  const db = await getDb();
  const [record] = await db
    .select()
    .from(batchRecords)
    .where(and(eq(batchRecords.batchId, session.batchId), eq(batchRecords.recordIndex, session.recordIndex)));
  return record && record.status === "rendered" && record.blobKey ? record : null;
}

/** A workflow's delivery session names the workflow as its batch (lib/workflow/deliver-sealed.ts). */
async function sealedWorkflowFile(session: DeliverySession): Promise<DeliveredFile | null> {
  const db = await getDb();
  const [wf] = await db.select().from(workflows).where(and(eq(workflows.id, session.batchId), eq(workflows.tenantId, session.tenantId)));
  return wf?.sealedKey ? { blobKey: wf.sealedKey, fileName: sealedFileName(wf) } : null;
}
