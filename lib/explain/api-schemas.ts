import { z } from "zod";

const correlationId = z.string().trim().min(1).max(200);

/**
 * GET /api/explain/trace: `id` and `correlationId` both name the correlation id (the spec lists
 * either); sent together they must agree.
 */
export const traceQuery = z
  .object({ id: correlationId.optional(), correlationId: correlationId.optional() })
  .superRefine((q, ctx) => {
    if (q.id === undefined && q.correlationId === undefined) ctx.addIssue({ code: "custom", path: ["correlationId"], message: "give id or correlationId" });
    else if (q.id !== undefined && q.correlationId !== undefined && q.id !== q.correlationId) {
      ctx.addIssue({ code: "custom", path: ["id"], message: "id and correlationId name the same thing and differ" });
    }
  })
  .transform((q) => ({ correlationId: (q.correlationId ?? q.id)! }));
