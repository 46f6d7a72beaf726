import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveTracesJob, deleteTracesJob } from "@/lib/jobs/definitions/explain";
import {
  applySignatureJob,
  approvalSweepJob,
  deliverCallbackJob,
  sealWorkflowJob,
  signerReminderJob,
} from "@/lib/jobs/definitions/workflow";
import { closeDb, getDb } from "@/lib/db/client";
import { mailOutbox, workflows, type Workflow } from "@/lib/db/schema";
import { env, resetEnvCache } from "@/lib/env";
import { newId } from "@/lib/ids";
import { addTenant } from "@/lib/tenants";
import { engineFor, oneRequest, timerEvent } from "../support/inngest-run";
import { useFreshDatabase } from "../support/test-db";
import { workflowRow } from "../support/workflow-row";

// The workflow and explain jobs as Inngest runs them, over a real (embedded) database.
let drop: () => Promise<void>;
beforeAll(async () => {
  drop = await useFreshDatabase("pglite");
  resetEnvCache();
  await addTenant({ id: "acme", name: "Acme", tier: "premium", features: ["workflow"], approvers: ["a@acme.test"] });
});
afterAll(async () => {
  await closeDb();
  await drop();
});

const DAY = 86_400_000;
const insert = async (over: Partial<Workflow> = {}) => {
  const wf = workflowRow(over);
  await (await getDb()).insert(workflows).values(wf);
  return wf;
};

describe("cron jobs run from Inngest's timer event", () => {
  it("workflow-approval-sweep: reminds a waiting approver once, however many slots see it", async () => {
    // escalateAfterDays 4: the reminder falls due at 75 %, three days in.
    const wf = await insert({ approvalRequestedAt: new Date(Date.now() - 3.5 * DAY) });
    const run = () => engineFor(approvalSweepJob, timerEvent("*/5 * * * *")).execute();
    expect((await run()).result).toMatchObject({ reminded: 1, escalated: 0 });
    expect((await run()).result).toMatchObject({ reminded: 0, escalated: 0 });
    const mails = (await (await getDb()).select().from(mailOutbox)).filter((m) => m.text.includes(wf.id));
    expect(mails.map((m) => m.to)).toEqual(["stage@acme.test"]);
  });

  for (const [job, cron, want] of [
    [signerReminderJob, "*/15 * * * *", { reminded: 0 }],
    [archiveTracesJob, "17 * * * *", { archived: 0 }],
    [deleteTracesJob, "43 3 * * *", { deleted: 0 }],
  ] as const) {
    it(`${job.id}: runs with nothing due and does nothing`, async () => {
      const { result, error } = await engineFor(job, timerEvent(cron)).execute();
      expect(error).toBeUndefined();
      expect(result).toEqual(want);
    });
  }
});

describe("workflow-seal and workflow-apply-signature on Inngest", () => {
  const event = (name: string, wf: Workflow) => ({ name, data: { workflowId: wf.id, tenantId: wf.tenantId } });

  it("a seal event delivered again for a sealed workflow seals nothing twice", async () => {
    const wf = await insert({ state: "complete", sealedSha256: "ab".repeat(32) });
    const { result } = await engineFor(sealWorkflowJob, event(sealWorkflowJob.event, wf)).execute();
    expect(result).toEqual({ sealed: true, sha256: "ab".repeat(32), already: true });
  });

  it("a seal event for a workflow not yet approved leaves it as it is", async () => {
    const wf = await insert();
    expect((await engineFor(sealWorkflowJob, event(sealWorkflowJob.event, wf)).execute()).result).toEqual({
      sealed: false,
      state: "pending-approval",
    });
  });

  it("a signature event with no confirmed signature applies none and issues no certificate", async () => {
    const wf = await insert();
    const { result, ctx } = await engineFor(applySignatureJob, event(applySignatureJob.event, wf)).execute();
    expect(result).toEqual({ applied: 0, state: "pending-approval", certificate: { issued: false, state: "pending-approval" } });
    // No steps: one request, and a retry runs the whole job again under the row lock, as embedded.
    expect(ctx.step.run).not.toHaveBeenCalled();
  });
});

describe("workflow-deliver-callback on Inngest", () => {
  const wfId = newId();
  const event = {
    name: "workflow/callback.requested",
    data: {
      tenantId: "acme",
      workflowId: wfId,
      messageId: `msg_${wfId}`,
      body: { workflowId: wfId, correlationId: "c", state: "complete", completedAt: "2026-11-28T00:00:00.000Z" },
    },
    id: `callback:${wfId}:complete`,
  };
  const at = Date.parse("2026-11-28T00:00:00.000Z");

  it("one step per attempt and a durable sleep between them, for the configured delays", async () => {
    const { result, ctx } = await engineFor(deliverCallbackJob, event).execute({
      steps: [
        { id: "attempt-1", handler: () => ({ outcome: "retry", at }) },
        { id: "wait-1", handler: () => null }, // an unmocked sleep never returns under @inngest/test
        { id: "attempt-2", handler: () => ({ outcome: "delivered", at: at + 31_000 }) },
      ],
    });
    expect(result).toEqual({ attempts: 2, outcome: "delivered" });
    expect(ctx.step.run.mock.calls.map((c) => c[0])).toEqual(["attempt-1", "attempt-2"]);
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-1", new Date(at + env().CALLBACK_RETRY_DELAYS_S[0] * 1000));
  });

  it("an attempt that fails on our side is retried by Inngest; the earlier attempt and sleep are not repeated", async () => {
    // A new list per run: @inngest/test appends each run's step results to the list it is given.
    const before = () => [
      { id: "attempt-1", handler: () => ({ outcome: "retry", at }) },
      { id: "wait-1", handler: () => null },
    ];
    // Our database away: attempt 2's step throws.
    process.env.DATABASE_URL = "postgres://sealpost@127.0.0.1:1/none";
    resetEnvCache();
    await closeDb();
    try {
      const failed = await oneRequest(deliverCallbackJob, event, before());
      expect(failed).toMatchObject({ type: "step-ran", retriable: true, step: { name: "attempt-2", op: "StepError" } });
    } finally {
      delete process.env.DATABASE_URL;
      resetEnvCache();
      await closeDb();
    }
    // The retry, database back: attempt 1's stored "retry" stands (run for real, it would have found
    // no callback URL and given up at once), and attempt 2 runs.
    const { result, ctx } = await engineFor(deliverCallbackJob, event).execute({ steps: before() });
    expect(result).toEqual({ attempts: 2, outcome: "gave-up" });
    expect(ctx.step.sleepUntil).toHaveBeenCalledTimes(1);
  });
});
