import { and, eq, inArray } from "drizzle-orm";
import type { Principal } from "@/lib/auth/bearer";
import { getDb } from "@/lib/db/client";
import { activityItems, auditEvents, batches, type Batch } from "@/lib/db/schema";
import { assertOpen } from "./decide-batch";
import { getBatch } from "./get-batch";
import { openForDecision } from "./states";

/** Any caller of the tenant may cancel a batch that has not been approved yet. */
export async function cancelBatch(principal: Principal, batchId: string): Promise<Batch> {
  const tenantId = principal.tenant.id;
  assertOpen(await getBatch(tenantId, batchId));
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(batches)
      .set({ state: "cancelled", updatedAt: now })
      .where(and(eq(batches.id, batchId), eq(batches.tenantId, tenantId), inArray(batches.state, [...openForDecision])))
      .returning();
    if (!updated) return null;
    await tx.update(activityItems).set({ status: "cancelled", updatedAt: now }).where(eq(activityItems.id, updated.activityItemId));
    await tx.insert(auditEvents).values({
      tenantId,
      subjectType: "batch",
      subjectId: batchId,
      action: "batch.cancelled",
      actor: principal.email ?? principal.subject,
    });
    return updated;
  });
  if (!row) assertOpen(await getBatch(tenantId, batchId));
  return row as Batch;
}
