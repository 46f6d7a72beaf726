import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { getDb } from "@/lib/db/client";
import { workflows } from "@/lib/db/schema";
import { currentApprovers, isInitiator } from "@/lib/workflow/approval/approvers";
import type { WorkflowSchema } from "@/lib/workflow/schema/schema-format";
import type { WorkflowState } from "@/lib/workflow/states";
import { LIST_PAGE_SIZE } from "./batch-list";

const columns = {
  workflowId: workflows.id,
  title: workflows.title,
  state: workflows.state,
  correlationId: workflows.correlationId,
  templatePath: workflows.templatePath,
  createdBy: workflows.createdBy,
  createdAt: workflows.createdAt,
  approvalStage: workflows.approvalStage,
  escalatedTo: workflows.escalatedTo,
  // Only the approval part of the schema: a row shows "stage n of m" and the rules need the stages.
  approval: sql<WorkflowSchema["approval"]>`${workflows.schema} -> 'approval'`.mapWith((v: unknown) =>
    typeof v === "string" ? JSON.parse(v) : v,
  ),
};

/**
 * Whether `email` may decide the current stage now: the approver rules of the API (its stage's
 * approvers, or the tenant's, and whoever it was escalated to; never the initiator).
 */
function waitsFor(
  r: { approvalStage: number; escalatedTo: string[]; createdBy: string; approval: WorkflowSchema["approval"] },
  email: string,
  tenantApprovers: string[],
): boolean {
  const view = { approvalStage: r.approvalStage, escalatedTo: r.escalatedTo, createdBy: r.createdBy, schema: { approval: r.approval } };
  return !isInitiator(view, email) && currentApprovers(view, tenantApprovers).includes(email.trim().toLowerCase());
}

/**
 * The console's workflow list: the tenant's workflows, newest first, one page, with the counts per
 * state for the filters, or (view "waiting") those in pending-approval whose current stage the
 * signed-in person may decide. Whole rows are not read (data and schema can be large).
 */
export async function listConsoleWorkflows(principal: Principal, q: { view: "waiting" | "all"; state?: WorkflowState; page: number }) {
  const db = await getDb();
  const tenant = eq(workflows.tenantId, principal.tenant.id);
  const where: SQL | undefined = and(tenant, q.state ? eq(workflows.state, q.state) : undefined);
  const [perState, pending] = await Promise.all([
    db.select({ state: workflows.state, n: count() }).from(workflows).where(tenant).groupBy(workflows.state),
    // Who may decide is a rule over the schema's stages and the tenant's approvers: asked of every
    // pending approval of the tenant (a handful at a time), not written again in SQL.
    db
      .select(columns)
      .from(workflows)
      .where(and(tenant, eq(workflows.state, "pending-approval")))
      .orderBy(desc(workflows.createdAt), desc(workflows.id)),
  ]);
  const email = principal.email;
  const waiting = email ? pending.filter((r) => waitsFor(r, email, principal.tenant.approvers)) : [];
  const counts = Object.fromEntries(perState.map((r) => [r.state, Number(r.n)])) as Partial<Record<WorkflowState, number>>;
  const all = perState.reduce((sum, r) => sum + Number(r.n), 0);
  const offset = (q.page - 1) * LIST_PAGE_SIZE;
  const rows =
    q.view === "waiting"
      ? waiting.slice(offset, offset + LIST_PAGE_SIZE)
      : await db
          .select(columns)
          .from(workflows)
          .where(where)
          .orderBy(desc(workflows.createdAt), desc(workflows.id))
          .limit(LIST_PAGE_SIZE)
          .offset(offset);
  const total = q.view === "waiting" ? waiting.length : q.state ? (counts[q.state] ?? 0) : all;
  return {
    rows: rows.map((r) => ({ ...r, stages: Math.max(r.approval?.stages?.length ?? 0, 1) })),
    counts,
    all,
    waiting: waiting.length,
    total,
    page: q.page,
    pages: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)),
  };
}

export type ConsoleWorkflowRow = Awaited<ReturnType<typeof listConsoleWorkflows>>["rows"][number];
