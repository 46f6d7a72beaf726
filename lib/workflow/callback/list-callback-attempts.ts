import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { workflowCallbackAttempts } from "@/lib/db/schema";
import { getWorkflow } from "../get-workflow";

/**
 * GET /api/workflow/{id}/callbacks: every delivery attempt, oldest first, and where the callback
 * stands: none (no callbackUrl or no terminal state yet), pending (retrying), or the last attempt's
 * final outcome (delivered, gave-up, refused).
 */
export async function listCallbackAttempts(tenantId: string, workflowId: string) {
  const wf = await getWorkflow(tenantId, workflowId);
  const db = await getDb();
  const rows = await db
    .select()
    .from(workflowCallbackAttempts)
    .where(and(eq(workflowCallbackAttempts.tenantId, tenantId), eq(workflowCallbackAttempts.workflowId, wf.id)))
    .orderBy(asc(workflowCallbackAttempts.id));
  const last = rows.at(-1);
  const status = !last
    ? wf.callbackUrl && ["complete", "rejected", "cancelled"].includes(wf.state)
      ? "pending"
      : "none"
    : last.outcome === "retry"
      ? "pending"
      : last.outcome;
  return {
    workflowId: wf.id,
    callbackHost: wf.callbackUrl ? new URL(wf.callbackUrl).host : null,
    status,
    attempts: rows.map((r) => ({
      messageId: r.messageId,
      attemptNo: r.attemptNo,
      at: r.at.toISOString(),
      state: r.state,
      urlHost: r.urlHost,
      outcome: r.outcome,
      statusCode: r.statusCode,
      error: r.error,
      durationMs: r.durationMs,
    })),
  };
}
