import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { workflows } from "@/lib/db/schema";
import { workflowSummary } from "./present-workflow";
import type { WorkflowState } from "./states";

/** GET /api/workflow: the tenant's workflows, newest first, as the batch list pages (limit/offset). */
export async function listWorkflows(tenantId: string, q: { state?: WorkflowState; limit: number; offset: number }) {
  const db = await getDb();
  const where: SQL | undefined = and(eq(workflows.tenantId, tenantId), q.state ? eq(workflows.state, q.state) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(workflows).where(where);
  const rows = await db
    .select()
    .from(workflows)
    .where(where)
    .orderBy(desc(workflows.createdAt), desc(workflows.id))
    .limit(q.limit)
    .offset(q.offset);
  return { total, limit: q.limit, offset: q.offset, workflows: rows.map(workflowSummary) };
}
