import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { workflowEvents, workflows } from "@/lib/db/schema";
import { readCorrelationId } from "@/lib/pdf/metadata";
import { sealedKey, sealWorkflow } from "@/lib/workflow/sealing/seal-workflow";
import { useWorkflowDatabase } from "../support/workflow-db";
import { workflowRow } from "../support/workflow-row";

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

for (const driver of ["postgres", "pglite"] as const) {
  describe(`seal job on ${driver}`, () => {
    useWorkflowDatabase(driver);

    const sealing = async () => {
      const wf = workflowRow({ state: "sealing", data: [{ name: { value: "Jane Roe", updatedAt: "2026-03-01T00:00:00.000Z" } }] });
      await (await getDb()).insert(workflows).values(wf);
      return wf;
    };
    const row = async (id: string) => (await (await getDb()).select().from(workflows).where(eq(workflows.id, id)))[0];
    const sealedEvents = async (id: string) =>
      (await (await getDb()).select().from(workflowEvents).where(eq(workflowEvents.workflowId, id)).orderBy(asc(workflowEvents.id))).filter(
        (e) => e.kind === "workflow.sealed",
      );

    it("stores one PDF and one hash however often and however concurrently the job runs", async () => {
      const wf = await sealing();
      const [a, b] = await Promise.all([sealWorkflow("acme", wf.id), sealWorkflow("acme", wf.id)]);
      const again = await sealWorkflow("acme", wf.id);
      const done = await row(wf.id);
      expect(done).toMatchObject({ state: "complete", sealedKey: sealedKey("acme", wf.id) });
      for (const r of [a, b, again]) expect(r).toMatchObject({ sealed: true, sha256: done.sealedSha256 });
      expect([a, b, again].filter((r) => r.sealed && !r.already)).toHaveLength(1);
      const pdf = (await getBlobStore().get(sealedKey("acme", wf.id)))!;
      expect(sha(pdf)).toBe(done.sealedSha256);
      expect(await readCorrelationId(pdf)).toBe(wf.correlationId);
      expect(await sealedEvents(wf.id)).toHaveLength(1);
    });

    it("overwrites what a run that died before its commit left, and does nothing for a workflow not sealing", async () => {
      const wf = await sealing();
      await getBlobStore().put(sealedKey("acme", wf.id), new TextEncoder().encode("half-written by a crashed run"));
      const r = await sealWorkflow("acme", wf.id);
      const pdf = (await getBlobStore().get(sealedKey("acme", wf.id)))!;
      expect(r).toMatchObject({ sealed: true, already: false, sha256: sha(pdf) });
      const pending = workflowRow();
      await (await getDb()).insert(workflows).values(pending);
      expect(await sealWorkflow("acme", pending.id)).toEqual({ sealed: false, state: "pending-approval" });
      expect(await getBlobStore().exists(sealedKey("acme", pending.id))).toBe(false);
    });
  });
}
