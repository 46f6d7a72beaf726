import type { DeliverySession } from "@/lib/db/schema";

export type DeliveryState = "active" | "expired" | "revoked";

export function deliveryState(s: DeliverySession, now = new Date()): DeliveryState {
  if (s.revokedAt) return "revoked";
  return s.expiresAt <= now ? "expired" : "active";
}
