import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { workflowEvents } from "@/lib/db/schema";
import { getWorkflow } from "./get-workflow";

/** GET /api/workflow/{id}/activity: every recorded change of a workflow, oldest first. */
export async function listActivity(tenantId: string, workflowId: string) {
  const wf = await getWorkflow(tenantId, workflowId);
  const db = await getDb();
  const rows = await db
    .select()
    .from(workflowEvents)
    .where(and(eq(workflowEvents.tenantId, tenantId), eq(workflowEvents.workflowId, wf.id)))
    .orderBy(asc(workflowEvents.id));
  return {
    workflowId: wf.id,
    events: rows.map((e) => ({ seq: e.id, kind: e.kind, actor: e.actor, at: e.at.toISOString(), detail: e.detail ?? {} })),
  };
}
