import { z } from "zod";

export const sessionsQuery = z.object({ correlationId: z.string().uuid("correlationId must be a record's correlation id (UUID)") });
export const sessionParams = z.object({ sessionId: z.string().uuid() });
