import { describe, expect, it } from "vitest";
import type { Principal } from "@/lib/auth/bearer";
import { getDb } from "@/lib/db/client";
import { batches, type Tenant } from "@/lib/db/schema";
import { findTrace } from "@/lib/explain/get-trace";
import { explainReport } from "@/lib/explain/report/get-report";
import { problemResponse, type AppError } from "@/lib/http/problem";
import { newId } from "@/lib/ids";
import { useTraceStore } from "../support/explain-db";
import { plainBatchJson } from "../support/batch-json";

const caller = (tenant: Pick<Tenant, "id" | "tier" | "features">) =>
  ({ subject: "svc", email: null, roles: [], claims: {}, tenant }) as unknown as Principal;

async function batch(tenantId: string, correlationId: string): Promise<string> {
  const id = newId();
  await (await getDb()).insert(batches).values({
    id,
    tenantId,
    correlationId,
    state: "completed",
    readiness: "READY",
    title: "t",
    templatePath: "notice.md",
    documentCount: 1,
    readyCount: 1,
    warningCount: 0,
    submittedBy: "s@x.test",
    approvers: [],
    ...plainBatchJson,
    activityItemId: newId(),
  });
  return id;
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (e: AppError) => e,
  );

describe("explain trace asked for by a batch's correlation id", () => {
  const store = useTraceStore("postgres");

  it("answers a stable problem pointing at the records' correlation ids, not 'not stored yet' for ever", async () => {
    const tenant = store.tenant();
    const id = await batch(tenant.id, "crm-4711");
    for (const e of [
      await refusal(findTrace(caller(tenant), "crm-4711")),
      await refusal(explainReport(caller(tenant), "crm-4711", "summary")),
    ]) {
      expect(e).toMatchObject({ code: "explain.batch_correlation_id", status: 404 });
      const res = problemResponse(e!);
      expect(res.headers.get("retry-after")).toBeNull();
      const body = await res.json();
      expect(body).toMatchObject({
        status: 404,
        code: "explain.batch_correlation_id",
        batchId: id,
        documents: `/api/dispatch/batch/${id}/documents`,
      });
      expect(body.detail).toContain("documents[].correlationId");
    }
  });

  it("keeps 'not found yet' with Retry-After for other ids, and for another tenant's batch", async () => {
    const tenant = store.tenant();
    await batch(tenant.id, "crm-4712");
    const globex = { ...tenant, id: "globex" };
    for (const [who, id] of [
      [tenant, "no-such-id"],
      [globex, "crm-4712"],
    ] as const) {
      const e = await refusal(findTrace(caller(who), id));
      expect(e).toMatchObject({ code: "explain.trace_not_found" });
      expect(problemResponse(e!).headers.get("retry-after")).toBe("2");
    }
  });
});
