import { and, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { workflows, type Workflow } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = (id: string) => new AppError("workflow.not_found", `No workflow ${id.slice(0, 100)}`);

/** Another tenant's workflow is reported exactly like an unknown one. */
export async function getWorkflow(tenantId: string, workflowId: string, tx?: Tx): Promise<Workflow> {
  if (!uuid.test(workflowId)) throw notFound(workflowId);
  const db = tx ?? (await getDb());
  const [row] = await db.select().from(workflows).where(and(eq(workflows.id, workflowId), eq(workflows.tenantId, tenantId)));
  if (!row) throw notFound(workflowId);
  return row;
}

/** The workflow with its row version (PostgreSQL's xmin, changed by every write), for a write that applies only if nobody wrote since. */
export async function readWorkflowVersion(tenantId: string, workflowId: string): Promise<{ workflow: Workflow; rowVersion: string }> {
  if (!uuid.test(workflowId)) throw notFound(workflowId);
  const db = await getDb();
  const [row] = await db
    .select({ workflow: workflows, rowVersion: sql<string>`${workflows}.xmin::text` })
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.tenantId, tenantId)));
  if (!row) throw notFound(workflowId);
  return row;
}

/** The row locked for the rest of the transaction: changes to one workflow happen one at a time. */
export async function lockWorkflow(tx: Tx, tenantId: string, workflowId: string): Promise<Workflow> {
  if (!uuid.test(workflowId)) throw notFound(workflowId);
  const [row] = await tx
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.tenantId, tenantId)))
    .for("update");
  if (!row) throw notFound(workflowId);
  return row;
}

export async function findByCorrelationId(tenantId: string, correlationId: string): Promise<Workflow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(workflows).where(and(eq(workflows.tenantId, tenantId), eq(workflows.correlationId, correlationId)));
  return row;
}
