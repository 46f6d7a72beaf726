import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { mailOutbox, workflowEvents, workflows, type Workflow } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { addTenant } from "@/lib/tenants";
import { currentApprovers, nextEscalationTarget, pendingApprovers, routingSequence } from "@/lib/workflow/approval/approvers";
import { portalLinkPlaceholder } from "@/lib/workflow/portal/portal-link";
import { sweepApprovals } from "@/lib/workflow/approval/sweep-approvals";
import type { WorkflowSchema } from "@/lib/workflow/schema/schema-format";
import { useFreshDatabase } from "../support/test-db";
import { workflowRow } from "../support/workflow-row";

const DAY = 86_400_000;
const T0 = new Date("2026-03-02T09:00:00.000Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);
const TENANT_APPROVERS = ["first@acme.test", "init@acme.test", "second@acme.test"];
const workflow = (over: Partial<Workflow> = {}) => workflowRow({ approvalRequestedAt: T0, ...over });
const schema = (approval: WorkflowSchema["approval"]) => ({ ...workflowRow().schema, approval });

describe("approval routing (pure)", () => {
  it("routes through the stage's approvers, then the tenant's, never the initiator", () => {
    const wf = workflow();
    expect(routingSequence(wf, TENANT_APPROVERS)).toEqual(["stage@acme.test", "first@acme.test", "second@acme.test"]);
    expect(currentApprovers(wf, TENANT_APPROVERS)).toEqual(["stage@acme.test"]);
    expect(pendingApprovers(wf, TENANT_APPROVERS)).toEqual(["stage@acme.test"]);
    expect(nextEscalationTarget(wf, TENANT_APPROVERS)).toBe("first@acme.test");
    const escalated = workflow({ escalatedTo: ["first@acme.test"] });
    expect(pendingApprovers(escalated, TENANT_APPROVERS)).toEqual(["first@acme.test"]);
    expect(currentApprovers(escalated, TENANT_APPROVERS)).toEqual(["stage@acme.test", "first@acme.test"]);
    expect(nextEscalationTarget(workflow({ escalatedTo: ["first@acme.test", "second@acme.test"] }), TENANT_APPROVERS)).toBeNull();
    // Without stages the tenant's approvers are the stage: everyone is asked at once, nobody is left to escalate to.
    const noStages = workflow({ schema: schema({ stages: [], escalateAfterDays: 2 }) });
    expect(currentApprovers(noStages, TENANT_APPROVERS)).toEqual(["first@acme.test", "second@acme.test"]);
    expect(nextEscalationTarget(noStages, TENANT_APPROVERS)).toBeNull();
    // A stage whose only approver is the initiator asks the tenant's other approvers instead.
    const own = workflow({ schema: schema({ stages: [["INIT@acme.test"]] }) });
    expect(currentApprovers(own, TENANT_APPROVERS)).toEqual(["first@acme.test", "second@acme.test"]);
  });
});

for (const driver of ["postgres", "pglite"] as const) {
  describe(`escalation scheduler on ${driver}`, () => {
    let cleanup: () => Promise<void> | void = () => {};

    beforeAll(async () => {
      cleanup = await useFreshDatabase(driver);
      resetEnvCache();
      await closeDb();
      await addTenant({ id: "acme", name: "Acme", tier: "premium", features: ["workflow"], approvers: TENANT_APPROVERS });
    });
    afterAll(async () => {
      await closeDb();
      await cleanup();
      delete process.env.DATABASE_URL;
      resetEnvCache();
    });

    const insert = async (wf: Workflow) => {
      await (await getDb()).insert(workflows).values(wf);
      return wf;
    };
    const read = async (id: string) => (await (await getDb()).select().from(workflows).where(eq(workflows.id, id)))[0];
    const mails = async (id: string) =>
      (await (await getDb()).select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt)))
        .filter((m) => m.text.includes(id))
        .map((m) => ({ to: m.to, subject: m.subject.split(":")[0] }));
    const events = async (id: string) =>
      (
        await (
          await getDb()
        )
          .select()
          .from(workflowEvents)
          .where(and(eq(workflowEvents.tenantId, "acme"), eq(workflowEvents.workflowId, id)))
          .orderBy(asc(workflowEvents.id))
      ).map((e) => [e.kind, e.actor, e.detail]);

    it("reminds once at 75 % of escalateAfterDays, escalates along the routing sequence when it passes, and stops when nobody is left", async () => {
      const wf = await insert(workflow());
      expect(await sweepApprovals(at(2.9))).toMatchObject({ reminded: 0, escalated: 0 });
      expect(await mails(wf.id)).toEqual([]);

      expect(await sweepApprovals(at(3))).toMatchObject({ reminded: 1, escalated: 0 });
      expect(await sweepApprovals(at(3.5))).toMatchObject({ reminded: 0, escalated: 0 }); // once per wait
      expect((await read(wf.id)).reminderSentAt).toEqual(at(3));
      expect(await mails(wf.id)).toEqual([{ to: "stage@acme.test", subject: "Reminder" }]);

      expect(await sweepApprovals(at(4))).toMatchObject({ escalated: 1 });
      let now = await read(wf.id);
      expect(now).toMatchObject({
        state: "pending-approval",
        approvalStage: 1,
        escalatedTo: ["first@acme.test"],
        approvalRequestedAt: at(4),
        reminderSentAt: null,
      });
      expect(now.approvalHistory).toEqual([
        { action: "escalated", stage: 1, by: "system", comment: null, at: at(4).toISOString(), to: "first@acme.test" },
      ]);

      // The clock starts again for the new approver: reminder at 4 + 3 days, to them only; escalation at 4 + 4.
      expect(await sweepApprovals(at(6.9))).toMatchObject({ reminded: 0, escalated: 0 });
      expect(await sweepApprovals(at(7))).toMatchObject({ reminded: 1 });
      expect(await sweepApprovals(at(8))).toMatchObject({ escalated: 1 });
      now = await read(wf.id);
      expect(now.escalatedTo).toEqual(["first@acme.test", "second@acme.test"]); // never init@, the initiator
      expect(await sweepApprovals(at(12))).toMatchObject({ escalated: 0, exhausted: 1 });
      expect((await read(wf.id)).escalatedTo).toHaveLength(2);

      expect(await mails(wf.id)).toEqual([
        { to: "stage@acme.test", subject: "Reminder" },
        { to: "first@acme.test", subject: "Approval escalated to you" },
        { to: "first@acme.test", subject: "Reminder" },
        { to: "second@acme.test", subject: "Approval escalated to you" },
      ]);
      const kinds = (await events(wf.id)).map(([k, a]) => `${k}/${a}`);
      expect(kinds).toEqual([
        "approval.reminded/system",
        "approval.escalated/system",
        "approval.reminded/system",
        "approval.escalated/system",
      ]);
      const reviewerLink = (await (await getDb()).select().from(mailOutbox)).find((m) => m.to === "second@acme.test")!.text;
      // The escalation mail's link is second@'s own, for the stage it was escalated in.
      expect(reviewerLink).toContain(portalLinkPlaceholder(wf.id, "acme", { email: "second@acme.test", stage: 1 }));
    });

    it("escalates once when two sweeps run at the same time, and leaves other workflows alone", async () => {
      const wf = await insert(workflow());
      const noSetting = await insert(workflow({ schema: schema({ stages: [["stage@acme.test"]] }) }));
      const decided = await insert(workflow({ state: "sealing" }));
      const results = await Promise.all([sweepApprovals(at(5)), sweepApprovals(at(5))]);
      expect(results.reduce((n, r) => n + r.escalated, 0)).toBe(1);
      expect((await read(wf.id)).escalatedTo).toEqual(["first@acme.test"]);
      expect((await events(wf.id)).filter(([k]) => k === "approval.escalated")).toHaveLength(1);
      for (const other of [noSetting, decided]) {
        const row = await read(other.id);
        expect([row.escalatedTo, row.reminderSentAt, await events(other.id)]).toEqual([[], null, []]);
      }
    });
  });
}
