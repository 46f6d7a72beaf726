/**
 * Where a job waits for its turn (see claimJobs): its tenant, then its batch. A job whose payload
 * names no tenant (a schedule's sweep, a relay) is a tenant of its own kind; a job of no batch (a
 * seal, a signature) shares a lane with the same tenant's jobs of its kind. The Inngest functions
 * key their concurrency by the same `tenantId` field.
 */
export function jobLane(functionId: string, payload: unknown): { laneTenant: string; laneBatch: string } {
  const data = (payload ?? {}) as { tenantId?: unknown; batchId?: unknown };
  const tenant = typeof data.tenantId === "string" && data.tenantId ? data.tenantId : null;
  const batch = typeof data.batchId === "string" && data.batchId ? data.batchId : null;
  return { laneTenant: tenant ?? `job:${functionId}`, laneBatch: batch ?? functionId };
}
