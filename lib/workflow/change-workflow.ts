import { and, eq, sql } from "drizzle-orm";
import { getDb, rowsOf, type Tx } from "@/lib/db/client";
import { workflowEvents, workflows, type Workflow } from "@/lib/db/schema";
import { eventRow, recordEvent, type Actor, type WorkflowEventKind } from "./events";
import { lockWorkflow, readWorkflowVersion } from "./get-workflow";
import { assertCan, assertOutcome, type WorkflowAction, type WorkflowState } from "./states";

export interface Change {
  set: Partial<Omit<Workflow, "id" | "tenantId" | "createdAt">>;
  event: { kind: WorkflowEventKind; detail?: Record<string, unknown> };
  /** More writes in the same transaction (mail, jobs), after the row is updated. */
  also?: (tx: Tx, updated: Workflow) => Promise<void>;
}

/**
 * The one way a workflow changes: check the transition table (409 workflow.invalid_state), let
 * `decide` compute the change from the row (it may throw to refuse, or return null to change
 * nothing), write it and its activity record together; tenant scoped (404 otherwise).
 *
 * A change with no other writes (`also`), an autosave most often, is decided on a plain read and
 * written with its activity record in one statement that applies only if the row is still the
 * version read (PostgreSQL's xmin): two round trips instead of five (begin, lock, update, insert,
 * commit), which is most of an autosave's time. If another change came in between, nothing was
 * written and the change is decided again on the locked row, so the outcome is the same as if it
 * had waited for the lock.
 */
export async function changeWorkflow(
  tenantId: string,
  workflowId: string,
  action: WorkflowAction,
  actor: Actor,
  decide: (wf: Workflow) => Change | null,
): Promise<Workflow> {
  const db = await getDb();
  const seen = await readWorkflowVersion(tenantId, workflowId);
  const planned = plan(seen.workflow, action, decide);
  if (!planned) return seen.workflow;
  if (!planned.change.also && (await writeIfUnchanged(seen.rowVersion, planned))) return planned.updated;
  return db.transaction(async (tx) => {
    const locked = await lockWorkflow(tx, tenantId, workflowId);
    const planned = plan(locked, action, decide);
    if (!planned) return locked;
    const { wf, set, updated, change } = planned;
    await tx.update(workflows).set(set).where(eq(workflows.id, wf.id));
    await recordEvent(tx, wf, change.event.kind, actor, { from: wf.state, to: updated.state, ...change.event.detail });
    await change.also?.(tx, updated);
    return updated;
  });

  async function writeIfUnchanged(rowVersion: string, { wf, set, updated, change }: Planned): Promise<boolean> {
    const update = db
      .update(workflows)
      .set(set)
      .where(and(eq(workflows.id, wf.id), sql`xmin::text = ${rowVersion}`))
      .returning({ id: workflows.id });
    const e = eventRow(wf, change.event.kind, actor, { from: wf.state, to: updated.state, ...change.event.detail });
    const written = await db.execute(sql`
      with changed as (${update.getSQL() /* inline: an embedded query builder gets its own parentheses */})
      insert into ${workflowEvents} (workflow_id, tenant_id, kind, actor, detail)
      select changed.id, ${e.tenantId}, ${e.kind}, ${e.actor}, ${JSON.stringify(e.detail)}::jsonb from changed
      returning workflow_id`);
    return rowsOf(written).length === 1;
  }
}

interface Planned {
  wf: Workflow;
  change: Change;
  set: Change["set"] & { updatedAt: Date };
  /** The row as it is once `set` is written: not read back, since its largest columns (schema snapshot, data) would cost a second transfer and parse on every autosave. */
  updated: Workflow;
}

function plan(wf: Workflow, action: WorkflowAction, decide: (wf: Workflow) => Change | null): Planned | null {
  assertCan(action, wf.state);
  const change = decide(wf);
  if (!change) return null;
  if (change.set.state) assertOutcome(action, change.set.state as WorkflowState);
  // drizzle leaves a key set to undefined unwritten; so must the row kept in memory.
  const written = Object.entries(change.set).filter(([, v]) => v !== undefined);
  const set = { ...Object.fromEntries(written), updatedAt: new Date() } as Planned["set"];
  return { wf, change, set, updated: { ...wf, ...set } };
}
