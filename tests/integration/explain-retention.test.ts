import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Trace } from "@/lib/explain/assemble-trace";
import { pdfText } from "../support/pdf";
import { expectProblem } from "../support/problem";
import { queryStackDb } from "../support/stack-db";
import { blobKind, eventually, renderedDocuments, type Stack } from "../support/stack";
import { startWorkflowStack, uniqueCorrelationId } from "../support/workflow";
import { tenantFolder } from "@/lib/blob/keys";

let stack: Stack;
beforeAll(async () => {
  stack = await startWorkflowStack();
  // A template that sets its traces' retention itself (the request may still override each setting).
  fs.writeFileSync(
    path.join(stack.templatesDir, "kept.md"),
    "---\ntitle: Kept\nexplainDocument: true\nautoArchiveAfterDays: 14\ntraceRetentionYears: 3\nfields:\n  - key: name\n    type: string\n---\n# Kept for {{name}}\n",
  );
});
afterAll(async () => stack?.stop());

const DAY = 86_400_000;
const traceUrl = (id: string) => `/api/explain/trace?correlationId=${encodeURIComponent(id)}`;

async function storedTrace(correlationId: string, timeoutMs = 30_000): Promise<Trace> {
  return eventually(
    async () => {
      const res = await stack.api("submitter", "GET", traceUrl(correlationId));
      return res.status === 200 && ((await res.json()) as Trace);
    },
    timeoutMs,
    `trace of ${correlationId}`,
  );
}

async function renderTraced(body: Record<string, unknown>): Promise<Trace> {
  const correlationId = uniqueCorrelationId("retention");
  const res = await stack.api("submitter", "POST", "/api/render", {
    dataSource: { customerId: "C100", name: "Ann" },
    ...body,
    options: { correlationId },
  });
  expect(res.status).toBe(200);
  return storedTrace(correlationId);
}

const addYears = (iso: string, years: number) => {
  const d = new Date(iso);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString();
};
const addDays = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * DAY).toISOString();

describe("retention settings per render", () => {
  it("keeps a single render's trace as its request says, else as its front matter says, else the deployment's 30 days and 2 years", async () => {
    const asked = await renderTraced({
      templatePath: "letter.md",
      templateSettings: { explainDocument: true, autoArchiveAfterDays: 7, traceRetentionYears: 5 },
    });
    expect(asked.retention).toEqual({
      autoArchiveAfterDays: 7,
      traceRetentionYears: 5,
      archiveAfter: addDays(asked.createdAt, 7),
      deleteAfter: addYears(asked.createdAt, 5),
    });

    const plain = await renderTraced({ templatePath: "letter.md", features: { explainDocument: true } });
    expect(plain.retention).toEqual({
      autoArchiveAfterDays: 30,
      traceRetentionYears: 2,
      archiveAfter: addDays(plain.createdAt, 30),
      deleteAfter: addYears(plain.createdAt, 2),
    });

    const fromTemplate = await renderTraced({ templatePath: "kept.md" });
    expect(fromTemplate.retention).toMatchObject({ autoArchiveAfterDays: 14, traceRetentionYears: 3 });
    const overridden = await renderTraced({ templatePath: "kept.md", features: { traceRetentionYears: 6 } });
    expect(overridden.retention).toMatchObject({ autoArchiveAfterDays: 14, traceRetentionYears: 6 });
  });

  it("keeps every batch record's trace as the batch request said", async () => {
    const res = await stack.api("submitter", "POST", "/api/render", {
      templatePath: "letter.md",
      dataSource: [
        { customerId: "C201", name: "Ed" },
        { customerId: "C202", name: "Flo" },
      ],
      features: { svcDispatch: true, explainDocument: true, autoArchiveAfterDays: 3 },
      templateSettings: { distribution: { requireApproval: false, deliveryConfig: { mode: "none" } } },
    });
    expect(res.status).toBe(202);
    const batchId = res.headers.get("x-svc-batchid")!;
    const docs = await renderedDocuments(stack, batchId);
    for (const doc of docs) {
      const trace = await storedTrace(doc.correlationId);
      expect(trace.retention).toEqual({
        autoArchiveAfterDays: 3,
        traceRetentionYears: 2,
        archiveAfter: addDays(trace.createdAt, 3),
        deleteAfter: addYears(trace.createdAt, 2),
      });
    }
  });

  it("keeps a sealed workflow PDF's trace as the create request said", async () => {
    const correlationId = uniqueCorrelationId("retention-seal");
    const created = await stack.api("submitter", "POST", "/api/workflow", {
      templatePath: "workflow/governance.md",
      correlationId,
      templateSettings: { workflow: { recipients: [{ email: "gov@example.test" }] }, explainDocument: true, traceRetentionYears: 7 },
      initialData: { amount: 120.5, costCentre: "OPS" },
    });
    expect(created.status).toBe(201);
    const { workflowId } = await created.json();
    expect((await stack.api("submitter", "POST", `/api/workflow/${workflowId}/seal`)).status).toBe(200);
    expect((await storedTrace(correlationId)).retention).toMatchObject({ autoArchiveAfterDays: 30, traceRetentionYears: 7 });
  });
});

describe("bad retention settings", () => {
  const single = { templatePath: "letter.md", dataSource: { customerId: "C300", name: "Ida" } };

  it("answers out-of-range and non-integer values with 400 request.invalid naming the field", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ templateSettings: { autoArchiveAfterDays: 0 } }, "templateSettings.autoArchiveAfterDays"],
      [{ templateSettings: { autoArchiveAfterDays: "30" } }, "templateSettings.autoArchiveAfterDays"],
      [{ features: { autoArchiveAfterDays: 3651 } }, "features.autoArchiveAfterDays"],
      [{ features: { traceRetentionYears: 11 } }, "features.traceRetentionYears"],
      [{ templateSettings: { traceRetentionYears: 1.5 } }, "templateSettings.traceRetentionYears"],
    ];
    for (const [settings, field] of cases) {
      const problem = await expectProblem(
        await stack.api("submitter", "POST", "/api/render", { ...single, ...settings }),
        400,
        "request.invalid",
      );
      expect(problem.errors?.map((e) => e.path)).toEqual([field]);
    }
    const wf = await stack.api("submitter", "POST", "/api/workflow", {
      templatePath: "workflow/governance.md",
      templateSettings: { traceRetentionYears: 0 },
    });
    expect((await expectProblem(wf, 400, "request.invalid")).errors?.map((e) => e.path)).toEqual(["templateSettings.traceRetentionYears"]);
  });

  it("answers settings that would delete a trace before archiving it with 400 explain.retention_conflict, and creates nothing", async () => {
    const conflict = { explainDocument: true, autoArchiveAfterDays: 400, traceRetentionYears: 1 };
    const one = await expectProblem(
      await stack.api("submitter", "POST", "/api/render", { ...single, templateSettings: conflict }),
      400,
      "explain.retention_conflict",
    );
    expect(one.errors?.map((e) => e.path)).toEqual(["templateSettings.autoArchiveAfterDays", "templateSettings.traceRetentionYears"]);
    // Against the deployment's 2 years, even on a render that writes no trace: the request asked for it.
    await expectProblem(
      await stack.api("submitter", "POST", "/api/render", { ...single, features: { autoArchiveAfterDays: 730 } }),
      400,
      "explain.retention_conflict",
    );

    // The same correlation id with good settings is a first submission, not a replay: nothing was kept.
    const batchCorrelation = uniqueCorrelationId("retention-conflict-batch");
    const batch = (features: object) =>
      stack.api("submitter", "POST", "/api/render", {
        templatePath: "letter.md",
        dataSource: [{ customerId: "C301", name: "Jo" }],
        options: { correlationId: batchCorrelation },
        features: { svcDispatch: true, ...features },
        templateSettings: { distribution: { requireApproval: false, deliveryConfig: { mode: "none" } } },
      });
    await expectProblem(await batch(conflict), 400, "explain.retention_conflict");
    const accepted = await batch({ explainDocument: true });
    expect([accepted.status, accepted.headers.get("x-svc-idempotent-replay")]).toEqual([202, "false"]);
    // Its record's trace is stored before the next test takes the store away: a write in flight then
    // would leave its temporary file inside the moved folder.
    const docs = await renderedDocuments(stack, accepted.headers.get("x-svc-batchid"));
    for (const doc of docs) await storedTrace(doc.correlationId);

    const wfCorrelation = uniqueCorrelationId("retention-conflict-wf");
    const workflow = (settings: object) =>
      stack.api("submitter", "POST", "/api/workflow", {
        templatePath: "workflow/governance.md",
        correlationId: wfCorrelation,
        templateSettings: settings,
        initialData: { amount: 1, costCentre: "OPS" },
      });
    await expectProblem(await workflow(conflict), 400, "explain.retention_conflict");
    const created = await workflow({ explainDocument: true });
    expect([created.status, (await created.json()).idempotent]).toEqual([201, false]);
  });
});

// Last in the file: it takes the blob store away, kills the server and, on PGlite, leaves it stopped.
// It breaks the local folder; the S3 store's outage is s3-outage.test.ts's.
describe.skipIf(blobKind() === "s3")("a traced render while the blob store is down", () => {
  it("answers at once, and stores the trace exactly once after the store is back, though the server was killed in between", async () => {
    // The store's folder for traces is a file: every trace write fails until it is a folder again.
    const dir = path.join(stack.env.DATA_DIR!, "blobs", tenantFolder("acme"), "explain");
    fs.renameSync(dir, `${dir}.away`);
    fs.writeFileSync(dir, "not a folder");
    const correlationId = uniqueCorrelationId("blob-outage");
    const res = await stack.api("submitter", "POST", "/api/render", {
      templatePath: "letter.md",
      dataSource: { customerId: "C400", name: "Kim" },
      options: { correlationId },
      features: { explainDocument: true },
    });
    expect(res.status).toBe(200);
    expect(await pdfText(new Uint8Array(await res.arrayBuffer()))).toContain("Letter for Kim");

    // The first write failed, so the trace went to the job runner, whose job fails while the store is away.
    await eventually(
      async () => stack.log().includes(`trace of ${correlationId} not stored`),
      30_000,
      "the trace to be handed to the job runner",
    );
    const failedTries = () => (stack.log().match(/\(explain-store-trace\) attempt \d+\/21 failed/g) ?? []).length;
    await eventually(async () => failedTries() >= 1, 30_000, "the job to try");
    const notYet = async () => {
      const r = await stack.api("submitter", "GET", traceUrl(correlationId));
      await expectProblem(r, 404, "explain.trace_not_found");
      expect(r.headers.get("retry-after")).toBe("2");
    };
    await notYet();

    // Killed mid-outage: nothing of the trace is left in any process, only the job row.
    await stack.stopServer("SIGKILL");
    await stack.startServer();
    const before = failedTries();
    await eventually(async () => failedTries() > before, 60_000, "the restarted server to try the job again");
    await notYet();

    fs.rmSync(dir);
    fs.renameSync(`${dir}.away`, dir);
    const trace = await storedTrace(correlationId, 90_000);
    expect(trace).toMatchObject({
      correlationId,
      outcome: "rendered",
      render: { kind: "single", requestedBy: "features.explainDocument" },
    });

    // Exactly once: one row, one blob; no blob without its row and no temporary file anywhere.
    const rows = await queryStackDb(stack, `select id, blob_key from explain_traces where correlation_id = '${correlationId}'`);
    expect(rows).toEqual([{ id: expect.any(String), blob_key: `${tenantFolder("acme")}/explain/traces/${rows[0]?.id}.json` }]);
    const all = await queryStackDb(stack, "select id from explain_traces where archived_at is null");
    expect(fs.readdirSync(path.join(dir, "traces")).sort()).toEqual(all.map((r) => `${r.id}.json`).sort());
    const job = await queryStackDb(
      stack,
      `select status from jobs where function_id = 'explain-store-trace' and payload->>'id' = '${rows[0].id}'`,
    );
    expect(job).toEqual([{ status: "done" }]);
  });
});
