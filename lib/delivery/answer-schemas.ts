import { z } from "zod";
import { answerOf } from "@/lib/openapi/answer";
import type { listDeliverySessions } from "./list-sessions";
import type { revokeDeliverySession } from "./revoke-session";

const instant = z.iso.datetime();
const state = z.enum(["active", "expired", "revoked"]);

/** GET /api/delivery-sessions?correlationId=. */
export const deliverySessionsAnswer = answerOf<Awaited<ReturnType<typeof listDeliverySessions>>>()(
  z.object({
    correlationId: z.string(),
    total: z.int(),
    sessions: z.array(
      z.object({
        sessionId: z.uuid(),
        batchId: z.uuid(),
        recordIndex: z.int(),
        state,
        recipientEmail: z.string(),
        recipientName: z.string().nullable(),
        createdAt: instant,
        expiresAt: instant,
        revokedAt: instant.nullable(),
        locale: z.string().nullable(),
        mail: z
          .object({
            status: z.enum(["pending", "failed", "sent"]),
            attempts: z.int(),
            lastError: z.string().nullable(),
            sentAt: instant.nullable(),
          })
          .nullable(),
        events: z.array(
          z.object({
            kind: z.enum(["access", "download", "denied", "language"]),
            at: instant,
            locale: z.string().nullable(),
            ip: z.string().nullable(),
            userAgent: z.string().nullable(),
          }),
        ),
      }),
    ),
  }),
);

export const revokeAnswer = answerOf<Awaited<ReturnType<typeof revokeDeliverySession>>>()(
  z.object({ sessionId: z.uuid(), state, revokedAt: instant.nullable() }),
);
