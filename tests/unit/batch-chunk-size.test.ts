import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunkSizeFor } from "@/lib/batch/process/chunk-size";
import { closeDb, getDb } from "@/lib/db/client";
import { batchRecords, batches } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { newId } from "@/lib/ids";
import { addTenant } from "@/lib/tenants/write";
import { useFreshDatabase } from "../support/test-db";
import { plainBatchJson } from "../support/batch-json";

let drop: () => Promise<void>;
beforeAll(async () => {
  drop = await useFreshDatabase("pglite");
  Object.assign(process.env, { RENDER_THREADS: "2", BATCH_CHUNK_MS: "1000", BATCH_CHUNK_RECORDS: "50" });
  resetEnvCache();
  for (const id of ["acme", "globex"]) await addTenant({ id, name: id, tier: "premium", features: ["batchDispatch"], approvers: [] });
});
afterAll(async () => {
  for (const k of ["RENDER_THREADS", "BATCH_CHUNK_MS", "BATCH_CHUNK_RECORDS"]) delete process.env[k];
  resetEnvCache();
  await closeDb();
  await drop();
});

/** A batch of `version` whose records each took `msPerRecord` (rendered) or none yet (`null`). */
async function batch(tenantId: string, version: string, msPerRecord: number | null, startedAt = new Date()) {
  const db = await getDb();
  const id = newId();
  const n = msPerRecord === null ? 0 : 20;
  await db.insert(batches).values({
    id,
    tenantId,
    correlationId: id,
    state: "processing",
    readiness: "ready",
    title: "t",
    templatePath: "notice.md",
    templateVersion: version,
    documentCount: 20,
    readyCount: 20,
    warningCount: 0,
    processedCount: n,
    submittedBy: "s@x.test",
    approvers: [],
    ...plainBatchJson,
    activityItemId: newId(),
    startedAt,
  });
  await db.insert(batchRecords).values(
    Array.from({ length: 20 }, (_, i) => ({
      batchId: id,
      recordIndex: i,
      tenantId,
      data: {},
      correlationId: newId(),
      fileName: `f${i}.pdf`,
      ...(i < n
        ? {
            status: "rendered" as const,
            timings: { dataBindingMs: 0, layoutMs: msPerRecord!, postProcessingMs: 0, templateLoadMs: 0, totalMs: msPerRecord! },
          }
        : {}),
    })),
  );
  return id;
}

describe("records per chunk job", () => {
  it("fills about a second of both render threads, from the last batch of the same template version", async () => {
    await batch("acme", "notice-v1", 80, new Date(Date.now() - 60_000));
    await batch("acme", "notice-v1", 50); // the latest one counts
    expect(await chunkSizeFor(await batch("acme", "notice-v1", null))).toBe(40); // 1000 ms × 2 threads / 50 ms
    await batch("acme", "statement-v1", 200);
    expect(await chunkSizeFor(await batch("acme", "statement-v1", null))).toBe(10);
  });

  it("uses BATCH_CHUNK_RECORDS for a version never rendered in the tenant, whatever other tenants did", async () => {
    await batch("globex", "letter-v1", 10);
    expect(await chunkSizeFor(await batch("acme", "letter-v1", null))).toBe(50);
    expect(await chunkSizeFor(await batch("acme", "never-seen", null))).toBe(50);
  });

  it("stays between 5 and 500 records however slow or quick the records were", async () => {
    await batch("acme", "slow-v1", 5_000);
    expect(await chunkSizeFor(await batch("acme", "slow-v1", null))).toBe(5);
    await batch("acme", "quick-v1", 0.5);
    expect(await chunkSizeFor(await batch("acme", "quick-v1", null))).toBe(500);
  });
});
