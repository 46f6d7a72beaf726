import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createOnce } from "@/lib/db/idempotent-create";
import { workflows, type Workflow } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { addTenant } from "@/lib/tenants";
import { useWorkflowDatabase } from "../support/workflow-db";
import { workflowRow } from "../support/workflow-row";

type Answer = { id: string; replayed: boolean };

/**
 * `n` creates of one correlationId at once, each held after its first look until all have looked,
 * so none finds the others' row and every one writes: the race the unique index settles.
 */
async function racing(n: number, correlationId: string, tenantId = "acme"): Promise<{ answers: Answer[]; created: number }> {
  let looked = 0;
  let allLooked!: () => void;
  const together = new Promise<void>((r) => (allLooked = r));
  let created = 0;
  const create = async (): Promise<Answer> => {
    if (++looked === n) allLooked();
    await together;
    const wf = workflowRow({ tenantId, correlationId });
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.insert(workflows).values(wf);
    });
    created++;
    return { id: wf.id, replayed: false };
  };
  const answers = await Promise.all(
    Array.from({ length: n }, () =>
      createOnce(workflows, { tenantId, correlationId }, create, (earlier: Workflow) => ({ id: earlier.id, replayed: true })),
    ),
  );
  return { answers, created };
}

for (const driver of ["postgres", "pglite"] as const) {
  describe(`a create keyed by correlationId on ${driver}`, () => {
    useWorkflowDatabase(driver);
    const stored = async (correlationId: string) =>
      (await getDb()).select({ id: workflows.id }).from(workflows).where(eq(workflows.correlationId, correlationId));

    it("stores one row for repeats racing each other; every other repeat answers as a replay of it", async () => {
      for (const n of [2, 8]) {
        const correlationId = `race-${n}-${newId()}`;
        const { answers, created } = await racing(n, correlationId);
        const rows = await stored(correlationId);
        expect(rows).toHaveLength(1);
        expect(created).toBe(1);
        expect(answers.filter((a) => !a.replayed)).toEqual([{ id: rows[0].id, replayed: false }]);
        expect(answers.filter((a) => a.replayed)).toEqual(Array(n - 1).fill({ id: rows[0].id, replayed: true }));
      }
    });

    it("answers a later repeat from the stored row without creating, per tenant, and lets a create's own failure through", async () => {
      const correlationId = `later-${newId()}`;
      const first = await racing(1, correlationId);
      let ran = false;
      const again = await createOnce(
        workflows,
        { tenantId: "acme", correlationId },
        async () => {
          ran = true;
          return { id: "", replayed: false };
        },
        (earlier) => ({ id: earlier.id, replayed: true }),
      );
      expect([ran, again]).toEqual([false, { id: first.answers[0].id, replayed: true }]);
      // The key is the tenant's own: another tenant's correlationId of the same text is a new create.
      await addTenant({ id: "globex", name: "Globex", tier: "premium", features: ["workflow"], approvers: [] });
      expect((await racing(1, correlationId, "globex")).answers[0].replayed).toBe(false);
      expect(await stored(correlationId)).toHaveLength(2);

      const refused = new Error("template not found");
      await expect(
        createOnce(
          workflows,
          { tenantId: "acme", correlationId: `fails-${newId()}` },
          () => Promise.reject(refused),
          () => ({ id: "", replayed: true }),
        ),
      ).rejects.toBe(refused);
    });
  });
}
