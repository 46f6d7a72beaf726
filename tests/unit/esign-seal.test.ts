import { createHash } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { mailOutbox, workflowEvents, workflows } from "@/lib/db/schema";
import { sealWorkflow } from "@/lib/workflow/sealing/seal-workflow";
import type { EsignSigner, SigningMode } from "@/lib/signing/signers/esign-settings";
import { revisionKey } from "@/lib/signing/revisions/seal-for-signing";
import { insertSigners, listSigners } from "@/lib/signing/signers/signers";
import { pdfPageTexts } from "../support/pdf";
import { useWorkflowDatabase } from "../support/workflow-db";
import { workflowRow } from "../support/workflow-row";

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

const people = (n: number, mode: SigningMode): EsignSigner[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `Signer ${i + 1}`,
    email: `s${i + 1}@x.test`,
    role: i ? null : "CEO",
    order: mode === "sequential" ? i + 1 : null,
    requireOtp: false,
  }));

describe("sealing a workflow with e-signature", () => {
  useWorkflowDatabase("postgres");

  async function sealingWithSigners(n: number, mode: SigningMode) {
    const wf = workflowRow({ state: "sealing", data: [{ name: { value: "Jane Roe", updatedAt: "2026-03-01T00:00:00.000Z" } }] });
    wf.settings = { ...wf.settings, esign: { enabled: true, signingMode: mode, signers: null } };
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.insert(workflows).values(wf);
      await insertSigners(tx, wf, people(n, mode), new Date());
    });
    return wf;
  }
  const row = async (id: string) => (await (await getDb()).select().from(workflows).where(eq(workflows.id, id)))[0];
  const invitations = async (id: string) => {
    const signers = await listSigners("acme", id);
    return (await (await getDb()).select().from(mailOutbox).where(like(mailOutbox.dedupeKey, "sign-invite:%"))).filter((m) =>
      signers.some((s) => m.dedupeKey.startsWith(`sign-invite:${s.id}:`)),
    );
  };

  it("stores revision 0 with the signature page once, however often the job runs, keeps each field, stays sealing and invites everyone (parallel)", async () => {
    const wf = await sealingWithSigners(3, "parallel");
    const runs = await Promise.all([sealWorkflow("acme", wf.id), sealWorkflow("acme", wf.id)]);
    const again = await sealWorkflow("acme", wf.id);
    const done = await row(wf.id);
    expect(done).toMatchObject({
      state: "sealing",
      documentRevision: 0,
      documentKey: revisionKey("acme", wf.id, 0),
      sealedKey: null,
      sealedSha256: null,
    });
    expect([...runs, again].filter((r) => r.sealed && !r.already)).toHaveLength(1);
    for (const r of [...runs, again]) expect(r).toMatchObject({ sealed: true, sha256: done.documentSha256 });
    const pdf = (await getBlobStore().get(revisionKey("acme", wf.id, 0)))!;
    expect(sha(pdf)).toBe(done.documentSha256);
    const doc = await PDFDocument.load(pdf);
    expect(
      doc
        .getForm()
        .getFields()
        .map((f) => f.getName()),
    ).toEqual(["signer-1", "signer-2", "signer-3"]);
    // The record's page numbers count the signature page: "page n of m" on every page, m the whole.
    const texts = (await pdfPageTexts(pdf)).map((t) => t.replace(/\s+/g, " "));
    texts.forEach((t, i) => expect(t).toContain(`page ${i + 1} of ${texts.length}`));
    const signers = await listSigners("acme", wf.id);
    expect(signers.map((s) => [s.fieldName, s.fieldPage, s.state])).toEqual([
      ["signer-1", doc.getPageCount() - 1, "invited"],
      ["signer-2", doc.getPageCount() - 1, "invited"],
      ["signer-3", doc.getPageCount() - 1, "invited"],
    ]);
    for (const s of signers) {
      expect(s.fieldRect).toHaveLength(4);
      expect(s.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(s.tokenExpiresAt!.getTime() - s.invitedAt!.getTime()).toBe(7 * 24 * 3_600_000);
    }
    const mails = await invitations(wf.id);
    expect(mails.map((m) => m.to).sort()).toEqual(["s1@x.test", "s2@x.test", "s3@x.test"]);
    // The outbox keeps a placeholder, never the link's token.
    expect(mails[0].text).toMatch(/\[\[sign-link:[0-9a-f-]{36}:[\w-]+\]\]/);
    const events = await (
      await getDb()
    )
      .select()
      .from(workflowEvents)
      .where(and(eq(workflowEvents.workflowId, wf.id)));
    expect(events.filter((e) => e.kind === "workflow.sealed")).toHaveLength(1);
    expect(events.filter((e) => e.kind === "signer.invited")).toHaveLength(3);
  });

  it("invites only the first signer in sequential mode", async () => {
    const wf = await sealingWithSigners(3, "sequential");
    await sealWorkflow("acme", wf.id);
    expect((await listSigners("acme", wf.id)).map((s) => s.state)).toEqual(["invited", "waiting", "waiting"]);
    const mails = await invitations(wf.id);
    expect(mails.map((m) => m.to)).toEqual(["s1@x.test"]);
    expect(mails[0].text).toContain("You are signer 1 of 3");
  });
});
