import { and, eq, isNull } from "drizzle-orm";
import type { Principal } from "@/lib/auth/bearer";
import { getDb } from "@/lib/db/client";
import { auditEvents, deliverySessions } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import { deliveryState } from "./session-state";

export async function revokeDeliverySession(principal: Principal, sessionId: string) {
  const db = await getDb();
  const tenantId = principal.tenant.id;
  const actor = principal.email ?? principal.subject;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(deliverySessions)
      .where(and(eq(deliverySessions.id, sessionId), eq(deliverySessions.tenantId, tenantId)));
    if (!existing) throw new AppError("delivery.not_found", `No delivery session ${sessionId}`);
    const [row] = await tx
      .update(deliverySessions)
      .set({ revokedAt: new Date(), revokedBy: actor })
      .where(and(eq(deliverySessions.id, sessionId), isNull(deliverySessions.revokedAt)))
      .returning();
    if (row) {
      await tx
        .insert(auditEvents)
        .values({ tenantId, subjectType: "delivery-session", subjectId: sessionId, action: "delivery.revoked", actor });
    }
    const s = row ?? existing;
    return { sessionId: s.id, state: deliveryState(s), revokedAt: s.revokedAt?.toISOString() ?? null };
  });
}
