import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { getBlobStore } from "@/lib/blob/store";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { workflowEvents, type Workflow } from "@/lib/db/schema";
import { verifyForTenant } from "./verify-for-tenant";
import type { VerificationAnswer } from "./verification-answer";
import { revisionEnds } from "../pdf/verify-pdf";
import { AppError } from "@/lib/http/problem";
import { getWorkflow } from "@/lib/workflow/get-workflow";
import { listSigners, signsAfterSealing } from "../signers/signers";

export type WorkflowVerification = VerificationAnswer & {
  workflowId: string;
  document: { revision: number; sha256: string; storedSha256: string; matchesStored: boolean };
  /** Each signed revision's SHA-256 as recorded when it was made, against the file's bytes up to that revision's end. */
  revisions: Array<{ revision: number; recordedSha256: string | null; fileSha256: string | null; matches: boolean }>;
};

// A document's verification depends on its bytes and the tenant's roots only; the console page
// refreshes itself while signing goes on, and must not re-verify an unchanged file each time.
const cache = new LRUCache<string, WorkflowVerification>({ max: 200 });

/**
 * GET /api/workflow/{id}/signatures and the console's verification: the workflow's current
 * document (the last revision) verified against the tenant's roots, and each revision's bytes
 * checked against the SHA-256 recorded when it was made, so a file swapped in the store shows.
 */
export async function verifyWorkflowDocument(tenantId: string, workflowId: string): Promise<WorkflowVerification> {
  const wf = await getWorkflow(tenantId, workflowId);
  if (!signsAfterSealing(wf))
    throw new AppError("esign.not_enabled", "This workflow was created without templateSettings.esign; it has no signatures");
  if (wf.documentRevision === null || !wf.documentKey || !wf.documentSha256)
    throw new AppError("esign.no_document", "The record has not been sealed for signing yet; there is nothing to verify");
  const cacheKey = `${tenantId}\0${wf.id}\0${wf.documentSha256}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const bytes = await getBlobStore().get(wf.documentKey);
  if (!bytes)
    throw new Error(`esign: revision ${wf.documentRevision} of workflow ${wf.id} is missing from the blob store (${wf.documentKey})`);
  const answer = await verifyForTenant(tenantId, bytes);
  const result: WorkflowVerification = {
    workflowId: wf.id,
    ...answer,
    document: {
      revision: wf.documentRevision,
      sha256: sha256(bytes),
      storedSha256: wf.documentSha256,
      matchesStored: sha256(bytes) === wf.documentSha256,
    },
    revisions: await revisionChecks(wf, bytes),
  };
  cache.set(cacheKey, result);
  return result;
}

async function revisionChecks(wf: Workflow, bytes: Uint8Array): Promise<WorkflowVerification["revisions"]> {
  const signers = await listSigners(wf.tenantId, wf.id);
  const ends = revisionEnds(bytes);
  // Revision 0 may hold several %%EOF (an updated source); the signed revisions are the last ones.
  const offset = ends.length - 1 - wf.documentRevision!;
  const recorded = new Map<number, string | null>([
    [0, await revisionZeroSha256(wf)],
    ...signers.filter((s) => s.signedRevision !== null).map((s) => [s.signedRevision!, s.signedSha256] as [number, string | null]),
  ]);
  return Array.from({ length: wf.documentRevision! + 1 }, (_, revision) => {
    const recordedSha256 = recorded.get(revision) ?? null;
    const hashes = (ends[offset + revision] ?? []).map((end) => sha256(bytes.subarray(0, end)));
    const fileSha256 = hashes.find((h) => h === recordedSha256) ?? hashes.at(-1) ?? null;
    return { revision, recordedSha256, fileSha256, matches: recordedSha256 !== null && recordedSha256 === fileSha256 };
  });
}

/** Revision 0's SHA-256 as the seal job recorded it (its event; the workflow's columns move on with each signature). */
async function revisionZeroSha256(wf: Workflow): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ detail: workflowEvents.detail })
    .from(workflowEvents)
    .where(and(eq(workflowEvents.tenantId, wf.tenantId), eq(workflowEvents.workflowId, wf.id), eq(workflowEvents.kind, "workflow.sealed")))
    .orderBy(desc(workflowEvents.id))
    .limit(1);
  const hash = row?.detail?.sha256;
  return typeof hash === "string" ? hash : null;
}

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
