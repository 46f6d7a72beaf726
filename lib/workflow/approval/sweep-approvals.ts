import { and, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { workflows } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import { escalateWorkflow, escalationTimes, remindApprovers, systemActor } from "./escalate-workflow";

/**
 * The scheduled half of escalation (every tenant): each pending approval whose schema sets
 * approval.escalateAfterDays is reminded once at 75 % of the wait and escalated when the wait is
 * over. Each change re-checks its condition under the row lock, so two sweeps never act twice.
 * `now` is a parameter so that tests run it on a clock of their own.
 */
export async function sweepApprovals(now = new Date()): Promise<{ reminded: number; escalated: number; exhausted: number }> {
  const db = await getDb();
  const waiting = await db
    .select()
    .from(workflows)
    .where(
      and(
        eq(workflows.state, "pending-approval"),
        isNotNull(workflows.approvalRequestedAt),
        sql`${workflows.schema}->'approval'->'escalateAfterDays' is not null`,
      ),
    );
  const out = { reminded: 0, escalated: 0, exhausted: 0 };
  for (const wf of waiting) {
    const t = escalationTimes(wf);
    if (!t) continue;
    if (now >= t.escalateAt) {
      try {
        let due = false;
        await escalateWorkflow(wf.tenantId, wf.id, systemActor, now, (locked) => {
          const lt = escalationTimes(locked);
          due = !!lt && now >= lt.escalateAt;
          return due;
        });
        if (due) out.escalated++;
      } catch (err) {
        // Everyone in the routing sequence was asked: the approval stays with them (they were reminded).
        if (err instanceof AppError && err.code === "workflow.no_escalation_target") out.exhausted++;
        // Decided or cancelled since it was read: nothing to escalate.
        else if (!(err instanceof AppError && err.code === "workflow.invalid_state")) throw err;
      }
    } else if (now >= t.remindAt && !wf.reminderSentAt) {
      if (await remindApprovers(wf.tenantId, wf.id, now)) out.reminded++;
    }
  }
  return out;
}
