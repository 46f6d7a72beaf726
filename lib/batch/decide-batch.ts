import { and, eq, inArray, sql } from "drizzle-orm";
import type { Principal } from "@/lib/auth/bearer";
import { getDb } from "@/lib/db/client";
import { activityItems, auditEvents, batches, type Batch } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import { sendEvent } from "@/lib/jobs/send-event";
import { isSubmitter, namedApprovers } from "./batch-approvers";
import { getBatch } from "./get-batch";
import { notifySubmitterOfChanges } from "./notify-approvers";
import { openForDecision, stateAfterDecision, type Decision } from "./states";

/** Approve, reject or request changes; only an approver of the batch, and never its submitter. */
export async function decideBatch(principal: Principal, batchId: string, decision: Decision, comments: string | undefined) {
  const tenantId = principal.tenant.id;
  const batch = await getBatch(tenantId, batchId);
  const caller = principal.email;
  // An approver named for their own batch is told why they cannot decide it, though intake left them out.
  const named = namedApprovers(batch.distribution, principal.tenant.approvers).list;
  if (caller && isSubmitter(batch, caller) && (batch.approvers.includes(caller) || named.includes(caller))) {
    throw new AppError("batch.self_approval", "The submitter of a batch cannot decide it");
  }
  if (!caller || !batch.approvers.includes(caller)) {
    throw new AppError("batch.not_approver", `${caller ?? "This caller"} is not an approver of batch ${batchId}`);
  }
  assertOpen(batch);

  const next = stateAfterDecision[decision];
  const db = await getDb();
  const decided = await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(batches)
      .set({
        state: next,
        decidedAt: now,
        updatedAt: now,
        decisionComments: comments ?? null,
        approvedBy: decision === "approve" ? caller : sql`${batches.approvedBy}`,
        queuedAt: decision === "approve" ? now : null,
      })
      // The state check in the update itself makes two concurrent decisions safe: one wins, one gets 409.
      .where(and(eq(batches.id, batch.id), eq(batches.tenantId, tenantId), inArray(batches.state, [...openForDecision])))
      .returning();
    if (!row) return null;
    await tx.update(activityItems).set({ status: next, updatedAt: now }).where(eq(activityItems.id, row.activityItemId));
    await tx.insert(auditEvents).values({
      tenantId,
      subjectType: "batch",
      subjectId: row.id,
      action: `batch.${decision}`,
      actor: caller,
      detail: { from: batch.state, to: next, comments: comments ?? null },
    });
    if (decision === "approve") {
      await sendEvent(tx, { name: "dispatch/batch.approved", data: { batchId: row.id, tenantId }, id: row.id });
    }
    if (decision === "request-changes") await notifySubmitterOfChanges(tx, row, caller, comments ?? null);
    return row;
  });
  if (!decided) assertOpen(await getBatch(tenantId, batchId));
  return decided as Batch;
}

export function assertOpen(batch: Batch): void {
  if (!openForDecision.includes(batch.state as (typeof openForDecision)[number])) {
    throw new AppError(
      "batch.invalid_state",
      `Batch ${batch.id} is ${batch.state}; only pending-approval or changes-requested batches can be decided or cancelled`,
      {
        state: batch.state,
      },
    );
  }
}
