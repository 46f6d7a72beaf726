import { z } from "zod";
import { REPORT_MODES } from "./report/report-facts";

const correlationId = z.string().trim().min(1).max(200);
const mode = z.enum(REPORT_MODES).default("summary");

/** `id` and `correlationId` both name the correlation id (docs/spec.md, "Explain", lists either); sent together they must agree. */
const eitherId = <T extends { id?: string; correlationId?: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.id === undefined && q.correlationId === undefined)
    ctx.addIssue({ code: "custom", path: ["correlationId"], message: "give id or correlationId" });
  else if (q.id !== undefined && q.correlationId !== undefined && q.id !== q.correlationId) {
    ctx.addIssue({ code: "custom", path: ["id"], message: "id and correlationId name the same thing and differ" });
  }
};

/** GET /api/explain/trace */
export const traceQuery = z
  .object({ id: correlationId.optional(), correlationId: correlationId.optional() })
  .superRefine(eitherId)
  .transform((q) => ({ correlationId: (q.correlationId ?? q.id)! }));

/** GET /api/explain/generate-pdf?id=&mode=: the spec's `id` (docs/spec.md, "Explain"); `correlationId` is accepted as on the trace endpoint. */
export const reportQuery = z
  .object({ id: correlationId.optional(), correlationId: correlationId.optional(), mode })
  .superRefine(eitherId)
  .transform((q) => ({ correlationId: (q.correlationId ?? q.id)!, mode: q.mode }));

/** POST /api/explain/generate-pdf with {correlationId, mode}. */
export const reportBody = z.object({ correlationId, mode });
