import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { workflows, workflowSigners } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { createTestCa } from "@/lib/signing/keys/test-ca";
import { resetTenantKeys, trustedRoots } from "@/lib/signing/keys/tenant-keys";
import { verifyPdf } from "@/lib/signing/pdf/verify-pdf";
import { sealWorkflow } from "@/lib/workflow/sealing/seal-workflow";
import type { EsignSigner } from "@/lib/signing/signers/esign-settings";
import { applyPendingSignatures } from "@/lib/signing/revisions/apply-signature";
import { insertSigners, listSigners } from "@/lib/signing/signers/signers";
import { runTool } from "../support/pdf-tools";
import { startTsaServer, type TsaServer } from "../support/tsa";
import { useWorkflowDatabase } from "../support/workflow-db";
import { workflowRow } from "../support/workflow-row";

/**
 * The signing job in process, on PostgreSQL, with the development CA (not production) and the
 * in-process TSA over HTTP: serialised per workflow, never signing twice, failing loudly without a timestamp.
 */
let tsa: TsaServer;
beforeAll(async () => {
  tsa = await startTsaServer((await createTestCa("tsa")).tsa);
  process.env.ESIGN_TSA_URL = tsa.url;
  resetEnvCache();
  resetTenantKeys();
});
afterAll(async () => {
  delete process.env.ESIGN_TSA_URL;
  resetEnvCache();
  await tsa?.close();
});

/** The text of a PDF with its signatures' boxes drawn into the pages, as printed (qpdf flattens, pdftotext reads). */
function printedText(pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-apply-"));
  try {
    fs.writeFileSync(path.join(dir, "signed.pdf"), pdf);
    runTool("qpdf", ["--flatten-annotations=all", path.join(dir, "signed.pdf"), path.join(dir, "flat.pdf")]);
    return runTool("pdftotext", [path.join(dir, "flat.pdf"), "-"]).out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the signing job", () => {
  useWorkflowDatabase("postgres");

  const signers = (n: number): EsignSigner[] =>
    Array.from({ length: n }, (_, i) => ({
      name: `Signer ${i + 1}`,
      email: `s${i + 1}@x.test`,
      role: null,
      order: null,
      requireOtp: false,
    }));

  async function sealed(n: number) {
    const wf = workflowRow({ state: "sealing" });
    wf.settings = { ...wf.settings, esign: { enabled: true, signingMode: "parallel", signers: null } };
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.insert(workflows).values(wf);
      await insertSigners(tx, wf, signers(n), new Date());
    });
    await sealWorkflow("acme", wf.id);
    return wf;
  }
  const confirm = async (workflowId: string, position: number) => {
    const [s] = (await listSigners("acme", workflowId)).filter((x) => x.position === position);
    await (
      await getDb()
    )
      .update(workflowSigners)
      .set({ signRequestedAt: new Date(), markKind: "typed", markText: s.name, verificationMethod: "email link" })
      .where(eq(workflowSigners.id, s.id));
  };
  const row = async (id: string) => (await (await getDb()).select().from(workflows).where(eq(workflows.id, id)))[0];

  it("applies two signatures confirmed at once, one on top of the other, however many jobs run; the last completes", async () => {
    const wf = await sealed(2);
    await confirm(wf.id, 0);
    await confirm(wf.id, 1);
    const runs = await Promise.all([
      applyPendingSignatures("acme", wf.id),
      applyPendingSignatures("acme", wf.id),
      applyPendingSignatures("acme", wf.id),
    ]);
    expect(runs.reduce((n, r) => n + r.applied, 0)).toBe(2);
    expect((await applyPendingSignatures("acme", wf.id)).applied).toBe(0);
    const done = await row(wf.id);
    expect(done).toMatchObject({ state: "complete", documentRevision: 2, sealedSha256: done.documentSha256 });
    const pdf = (await getBlobStore().get(done.sealedKey!))!;
    const report = await verifyPdf(pdf, { trustedRoots: [...(await trustedRoots("acme")), (await createTestCa("x")).rootDer] });
    expect(report.signatures.map((s) => [s.digestValid, s.signatureValid])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(report.signatures.every((s) => s.timestamp)).toBe(true);
    expect((await listSigners("acme", wf.id)).map((s) => s.signedRevision).sort()).toEqual([1, 2]);
  });

  it("writes each signer's box in their language: the consent's they read, else the one named for them", async () => {
    const wf = workflowRow({ state: "sealing" });
    wf.settings = { ...wf.settings, locale: "en-GB", esign: { enabled: true, signingMode: "parallel", signers: null } };
    await (
      await getDb()
    ).transaction(async (tx) => {
      await tx.insert(workflows).values(wf);
      await insertSigners(
        tx,
        wf,
        [
          { ...signers(1)[0], locale: "de" },
          { ...signers(2)[1], locale: "de" },
        ],
        new Date(),
      );
    });
    await sealWorkflow("acme", wf.id);
    await confirm(wf.id, 0);
    await confirm(wf.id, 1);
    const [first] = (await listSigners("acme", wf.id)).filter((x) => x.position === 0);
    await (await getDb()).update(workflowSigners).set({ consentLocale: "fr" }).where(eq(workflowSigners.id, first.id));
    await applyPendingSignatures("acme", wf.id);
    const text = printedText((await getBlobStore().get((await row(wf.id)).sealedKey!))!);
    expect(text).toContain("Signé par Signer 1");
    expect(text).toContain("Unterzeichnet von Signer 2");
  });

  it("fails, signing nothing, while the timestamp authority fails, and signs once it answers again", async () => {
    const wf = await sealed(1);
    await confirm(wf.id, 0);
    tsa.fail = true;
    try {
      await expect(applyPendingSignatures("acme", wf.id)).rejects.toThrow();
    } finally {
      tsa.fail = false;
    }
    expect(await row(wf.id)).toMatchObject({ state: "sealing", documentRevision: 0 });
    expect((await listSigners("acme", wf.id))[0].signedAt).toBeNull();
    expect(await applyPendingSignatures("acme", wf.id)).toEqual({ applied: 1, state: "complete" });
  });
});
