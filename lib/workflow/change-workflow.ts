import { eq } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { workflows, type Workflow } from "@/lib/db/schema";
import { recordEvent, type Actor, type WorkflowEventKind } from "./events";
import { lockWorkflow } from "./get-workflow";
import { assertCan, assertOutcome, type WorkflowAction, type WorkflowState } from "./states";

export interface Change {
  set: Partial<Omit<Workflow, "id" | "tenantId" | "createdAt">>;
  event: { kind: WorkflowEventKind; detail?: Record<string, unknown> };
  /** More writes in the same transaction (mail, jobs), after the row is updated. */
  also?: (tx: Tx, updated: Workflow) => Promise<void>;
}

/**
 * The one way a workflow changes: in one transaction, lock the row (tenant scoped: 404 otherwise),
 * check the transition table (409 workflow.invalid_state), let `decide` compute the change (it may
 * throw to refuse, or return null to change nothing), write it and its activity record.
 */
export async function changeWorkflow(
  tenantId: string,
  workflowId: string,
  action: WorkflowAction,
  actor: Actor,
  decide: (wf: Workflow) => Change | null,
): Promise<Workflow> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const wf = await lockWorkflow(tx, tenantId, workflowId);
    assertCan(action, wf.state);
    const change = decide(wf);
    if (!change) return wf;
    if (change.set.state) assertOutcome(action, change.set.state as WorkflowState);
    // drizzle leaves a key set to undefined unwritten; so must the row kept in memory.
    const written = Object.entries(change.set).filter(([, v]) => v !== undefined);
    const set = { ...Object.fromEntries(written), updatedAt: new Date() } as Change["set"] & { updatedAt: Date };
    await tx.update(workflows).set(set).where(eq(workflows.id, wf.id));
    // The row is locked, so what was written is the row now: not read back, since its largest
    // columns (schema snapshot, data) would cost a second transfer and parse on every autosave.
    const updated: Workflow = { ...wf, ...set };
    await recordEvent(tx, wf, change.event.kind, actor, { from: wf.state, to: updated.state, ...change.event.detail });
    await change.also?.(tx, updated);
    return updated;
  });
}
