import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { getDb, type Tx } from "@/lib/db/client";
import { workflows, type Workflow } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = (id: string) => new AppError("workflow.not_found", `No workflow ${id.slice(0, 100)}`);

type Schema = Workflow["schema"];

/**
 * Workflow schemas by workflow id. A workflow's schema snapshot is written once, at creation, and
 * never changes, yet it is most of the row (a large form's is tens of kilobytes of JSON): every
 * autosave and status read sent it from PostgreSQL and parsed it again. A workflow read in this
 * process before is read without it. Frozen, because every request of that workflow shares it;
 * bounded by size, not count, so large schemas cannot grow the process.
 */
const schemas = new LRUCache<string, Schema>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (s) => Math.max(1, JSON.stringify(s).length) });

const { schema: _schema, ...withoutSchema } = getTableColumns(workflows);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The columns to select for workflow `id`, and what completes the row: the cached schema (taken
 * before the query, so an eviction meanwhile cannot leave the row without one), or, on a first read,
 * the row's own schema, which is then cached.
 */
function schemaPlan(id: string) {
  const cached = schemas.get(id);
  return {
    columns: cached ? withoutSchema : getTableColumns(workflows),
    complete: <R extends Omit<Workflow, "schema"> & { schema?: Schema }>(row: R): Workflow => {
      if (cached) return { ...row, schema: cached };
      schemas.set(row.id, deepFreeze(row.schema!));
      return row as Workflow;
    },
  };
}

/** Another tenant's workflow is reported exactly like an unknown one. */
export async function getWorkflow(tenantId: string, workflowId: string, tx?: Tx): Promise<Workflow> {
  if (!uuid.test(workflowId)) throw notFound(workflowId);
  const db = tx ?? (await getDb());
  const plan = schemaPlan(workflowId);
  const [row] = await db
    .select(plan.columns)
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.tenantId, tenantId)));
  if (!row) throw notFound(workflowId);
  return plan.complete(row);
}

/** The workflow with its row version (PostgreSQL's xmin, changed by every write), for a write that applies only if nobody wrote since. */
export async function readWorkflowVersion(tenantId: string, workflowId: string): Promise<{ workflow: Workflow; rowVersion: string }> {
  if (!uuid.test(workflowId)) throw notFound(workflowId);
  const db = await getDb();
  const plan = schemaPlan(workflowId);
  const [row] = await db
    .select({ ...plan.columns, rowVersion: sql<string>`${workflows}.xmin::text` })
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.tenantId, tenantId)));
  if (!row) throw notFound(workflowId);
  const { rowVersion, ...workflow } = row;
  return { workflow: plan.complete(workflow), rowVersion };
}

/** The row locked for the rest of the transaction: changes to one workflow happen one at a time. */
export async function lockWorkflow(tx: Tx, tenantId: string, workflowId: string): Promise<Workflow> {
  if (!uuid.test(workflowId)) throw notFound(workflowId);
  const plan = schemaPlan(workflowId);
  const [row] = await tx
    .select(plan.columns)
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.tenantId, tenantId)))
    .for("update");
  if (!row) throw notFound(workflowId);
  return plan.complete(row);
}
