import { and, asc, eq } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { workflowSigners, type SignerState, type Workflow, type WorkflowSigner } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type { EsignSigner } from "./esign-settings";

/** True when the workflow collects signatures after sealing. */
export const signsAfterSealing = (wf: Pick<Workflow, "settings">): boolean => wf.settings.esign?.enabled === true;

/** The signers' rows, written with the workflow (state waiting: nobody is invited before the record is sealed). */
export async function insertSigners(tx: Tx, wf: Pick<Workflow, "id" | "tenantId">, signers: EsignSigner[], now: Date): Promise<void> {
  if (!signers.length) return;
  await tx.insert(workflowSigners).values(
    signers.map((s, position) => ({
      id: newId(),
      tenantId: wf.tenantId,
      workflowId: wf.id,
      position,
      signOrder: s.order,
      name: s.name,
      email: s.email,
      role: s.role,
      requireOtp: s.requireOtp,
      locale: s.locale ?? null,
      state: "waiting" as const,
      createdAt: now,
      updatedAt: now,
    })),
  );
}

/** A workflow's signers in page order; `tx` inside a transaction (PGlite has one connection). */
export async function listSigners(tenantId: string, workflowId: string, tx?: Tx): Promise<WorkflowSigner[]> {
  const db = tx ?? (await getDb());
  return db
    .select()
    .from(workflowSigners)
    .where(and(eq(workflowSigners.tenantId, tenantId), eq(workflowSigners.workflowId, workflowId)))
    .orderBy(asc(workflowSigners.position));
}

/** The signers' rows locked, after the workflow's: callers take the workflow lock first, always. */
export async function lockSigners(tx: Tx, wf: Pick<Workflow, "id" | "tenantId">): Promise<WorkflowSigner[]> {
  return tx
    .select()
    .from(workflowSigners)
    .where(and(eq(workflowSigners.tenantId, wf.tenantId), eq(workflowSigners.workflowId, wf.id)))
    .orderBy(asc(workflowSigners.position))
    .for("update");
}

/**
 * A signer's state as the API shows it: a link whose time ran out while the signer had not acted is
 * expired even before anybody touched it (the row says so once the link is used, or re-sent).
 */
export function effectiveState(s: WorkflowSigner, now = Date.now()): SignerState {
  if ((s.state === "invited" || s.state === "viewed") && !s.signRequestedAt && s.tokenExpiresAt && s.tokenExpiresAt.getTime() <= now)
    return "expired";
  return s.state;
}

/**
 * Who may sign now: in parallel mode everyone not done; in sequential mode the first not done, and
 * only once everyone before has signed.
 */
export function signersDue(mode: "parallel" | "sequential", signers: WorkflowSigner[]): WorkflowSigner[] {
  const open = signers.filter((s) => s.state !== "signed" && s.state !== "declined");
  if (mode === "parallel") return open;
  const byOrder = [...signers].sort((a, b) => (a.signOrder ?? a.position) - (b.signOrder ?? b.position));
  const next = byOrder.find((s) => s.state !== "signed");
  return next && next.state !== "declined" ? [next] : [];
}
