import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDF, PdfArray, PdfNumber, PdfRef } from "@libpdf/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appendSignaturePage,
  MAX_SIGNERS,
  signatureLayout,
  signatureSheetCount,
  type PageSigner,
  type SignatureBox,
} from "@/lib/signing/pdf/signature-page";
import { signPdf } from "@/lib/signing/pdf/sign-pdf";
import { keyForSigner, resetTenantKeys, trustedRoots, type EsignConfig } from "@/lib/signing/keys/tenant-keys";
import { createTestCa, type TestCa } from "@/lib/signing/keys/test-ca";
import { verifyPdf } from "@/lib/signing/pdf/verify-pdf";
import { checkPdfUa } from "@/lib/pdf/pdf-ua/check-pdf-ua";
import { renderSealedWorkflow, SEALED_PAGE_SIZE, sealedFooterLabel, type SealedWorkflowInput } from "@/lib/pdf/sealed-workflow";
import { timestampAuthority } from "@/tests/support/tsa";
import { expectQpdfClean, pdfsigBlocks, runTool } from "../support/pdf-tools";
import { pdfPageTexts } from "../support/pdf";
import { readStructure, textOf } from "../support/pdf-structure";

/**
 * A sealed workflow PDF with its signature page: one reserved field per signer, whose box is where
 * the signer's appearance lands when they sign. Three signers, each with a certificate of their own
 * issued by the (development) CA, checked by poppler's pdfsig WITH the root trusted in an NSS
 * database, by qpdf and by verifyPdf.
 */

let dir: string;
let config: EsignConfig;
let tsaCa: TestCa;
let sealed: Uint8Array;
let withPage: Uint8Array;
let boxes: SignatureBox[];
const signed: Uint8Array[] = [];

const signers: PageSigner[] = [
  { name: "Ann Example", email: "ann@example.com", role: "Requester" },
  { name: "Жанна Петрова", email: "zhanna@example.com", role: "Approver, finance" },
  { name: "Bo Smith", email: "bo@example.com", role: "Director" },
];

const sealedInput: SealedWorkflowInput = {
  workflowId: "00000000-0000-4000-8000-000000000027",
  correlationId: "esign-page-1",
  title: "Purchase approval",
  documentId: null,
  exception: null,
  templatePath: "workflow/purchase.md",
  templateVersion: "0".repeat(64),
  initiator: "ann@example.com",
  createdAt: "2026-11-23T10:00:00.000Z",
  sealedAt: "2026-11-23T11:00:00.000Z",
  steps: [{ title: "Request", fields: [{ key: "amount", label: "Amount", value: "1200 EUR" }] }],
  validationOutcome: "passed",
  results: [],
  history: [],
  audit: [],
};

const numbers = (a: unknown) => (a as PdfArray).toArray().map((n) => (n as PdfNumber).value);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-page-"));
  resetTenantKeys();
  config = { production: false, dataDir: path.join(dir, "data") };
  tsaCa = await createTestCa("tsa");
  sealed = await renderSealedWorkflow(sealedInput);
  ({ pdf: withPage, boxes } = await appendSignaturePage(sealed, signers, { mode: "sequential" }));
  let current = withPage;
  for (const [i, box] of boxes.entries()) {
    const s = signers[box.signer];
    const { key } = await keyForSigner("acme", s, config);
    // The second signer's signature is timestamped: the timestamp's time must fall in their certificate's life.
    current = await signPdf(current, {
      key,
      signer: { name: s.name, email: s.email, method: "email link" },
      reason: "Approved",
      fieldName: box.fieldName,
      appearance: { page: box.page, rect: box.rect },
      tsa: i === 1 ? timestampAuthority(tsaCa.tsa) : undefined,
    });
    signed.push(current);
  }
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("appendSignaturePage", () => {
  it("adds a last page listing each signer in order, in the sealed record's fonts (Cyrillic as written)", async () => {
    const before = await PDF.load(sealed);
    const after = await PDF.load(withPage);
    expect(after.getPageCount()).toBe(before.getPageCount() + 1);
    const texts = await pdfPageTexts(withPage);
    const last = texts[texts.length - 1].replace(/\s+/g, " ");
    expect(last).toContain("Signatures");
    expect(last).toContain("1. Ann Example");
    expect(last).toContain("2. Жанна Петрова");
    expect(last).toContain("zhanna@example.com");
    expect(last).toContain("Approver, finance");
    expect(last).toContain("3. Bo Smith");
    expect(boxes.map((b) => [b.fieldName, b.page])).toEqual([1, 2, 3].map((n) => [`signer-${n}`, before.getPageCount()]));
  });

  it("continues the sealed record's footer: every page, the signature pages too, numbered out of the whole", async () => {
    const input = { ...sealedInput, pagesAfter: signatureSheetCount(MAX_SIGNERS, SEALED_PAGE_SIZE) };
    expect(input.pagesAfter).toBe(3);
    const record = await renderSealedWorkflow(input);
    const many = Array.from({ length: MAX_SIGNERS }, (_, i) => ({ name: `Signer ${i + 1}`, email: `s${i + 1}@example.com` }));
    const { pdf } = await appendSignaturePage(record, many, { mode: "parallel", footer: sealedFooterLabel(input) });
    const texts = (await pdfPageTexts(pdf)).map((t) => t.replace(/\s+/g, " "));
    expect(texts).toHaveLength(4);
    texts.forEach((t, i) => {
      expect(t).toContain(`page ${i + 1} of 4`);
      expect(t).toContain("esign-page-1 · sealed 2026-11-23T11:00:00.000Z");
    });
  });

  it("reserves an unsigned signature field per signer whose widget is that signer's box", async () => {
    const pdf = await PDF.load(withPage);
    const page = pdf.getPage(boxes[0].page)!;
    for (const box of boxes) {
      const field = pdf.getForm()!.getSignatureField(box.fieldName)!;
      expect(field.getSignatureDict()).toBeFalsy();
      const [x, y, w, h] = box.rect;
      expect(numbers(field.getDict().get("Rect"))).toEqual([x, y, x + w, y + h]);
      expect((field.getDict().get("P") as PdfRef).objectNumber).toBe(page.ref.objectNumber);
    }
    expect((await verifyPdf(withPage, { trustedRoots: [] })).signatures).toEqual([]);
  });

  it("keeps the record tagged: a Signatures heading, the explanation, a section per signer ending in their field as a Form element; PDF/UA", async () => {
    const [root] = await readStructure(withPage);
    const appended = root.children.slice(root.children.findIndex((n) => n.type === "H2" && textOf(n) === "Signatures"));
    expect(appended.map((n) => n.type)).toEqual(["H2", "P", "Sect", "Sect", "Sect"]);
    expect(appended.slice(2).map((s) => s.children.map((c) => (c.type === "P" ? textOf(c) : `${c.type} ${c.objects.length}`)))).toEqual(
      signers.map((s, i) => [`${i + 1}. ${s.name}`, s.email, s.role, "Form 1"]),
    );
    const pdf = await PDF.load(withPage);
    expect(boxes.map((b) => pdf.getForm()!.getSignatureField(b.fieldName)!.getDict().getString("TU")?.asString())).toEqual(
      signers.map((s) => `Signature of ${s.name}`),
    );
    expect((await checkPdfUa(withPage)).failures).toEqual([]);
  });

  it("lays 20 signers out over further pages, no box overlapping another or leaving its page; 21 is refused", async () => {
    const layout = signatureLayout(MAX_SIGNERS, 2, [595.28, 841.89]);
    expect(new Set(layout.map((b) => b.page)).size).toBeGreaterThan(1);
    for (const [i, b] of layout.entries()) {
      const [x, y, w, h] = b.rect;
      expect(x).toBeGreaterThanOrEqual(40);
      expect(y).toBeGreaterThanOrEqual(40);
      expect(x + w).toBeLessThanOrEqual(595.28 - 40 + 0.01);
      expect(y + h).toBeLessThanOrEqual(841.89 - 40);
      const prev = layout[i - 1];
      if (prev && prev.page === b.page) expect(prev.rect[1]).toBeGreaterThanOrEqual(y + h);
    }
    const many = Array.from({ length: MAX_SIGNERS }, (_, i) => ({ name: `Signer ${i + 1}`, email: `s${i + 1}@example.com` }));
    const { pdf, boxes: all } = await appendSignaturePage(sealed, many, { mode: "parallel" });
    const doc = await PDF.load(pdf);
    expect(doc.getPageCount()).toBe((await PDF.load(sealed)).getPageCount() + new Set(layout.map((b) => b.page)).size);
    expect(
      doc
        .getForm()!
        .getSignatureFields()
        .map((f) => f.name),
    ).toEqual(all.map((b) => b.fieldName));
    const texts = await pdfPageTexts(pdf);
    expect(texts.at(-1)).toContain("Signatures (continued)");
    expect(texts.join(" ")).toContain("Signer 20");
    await expect(
      appendSignaturePage(sealed, [...many, { name: "One more", email: "x@example.com" }], { mode: "parallel" }),
    ).rejects.toThrow(/1 to 20 signers/);
    await expect(appendSignaturePage(withPage, signers, { mode: "parallel" })).rejects.toThrow(/already has signer fields/);
  });
});

describe("three signers signing into their reserved boxes", () => {
  it("reuses each reserved field: its appearance lands in the box, listed once on the page", async () => {
    const pdf = await PDF.load(signed[2]);
    expect(
      pdf
        .getForm()!
        .getSignatureFields()
        .map((f) => f.name),
    ).toEqual(["signer-1", "signer-2", "signer-3"]);
    const page = pdf.getPage(boxes[0].page)!;
    const annots = (pdf.context.resolve(page.dict.get("Annots") as PdfRef) ?? page.dict.get("Annots")) as PdfArray;
    const listed = annots.toArray().map((r) => (r as PdfRef).objectNumber);
    for (const box of boxes) {
      const widget = pdf.getForm()!.getSignatureField(box.fieldName)!.getDict();
      const [x, y, w, h] = box.rect;
      expect(numbers(widget.get("Rect"))).toEqual([x, y, x + w, y + h]);
      expect((widget.get("P") as PdfRef).objectNumber).toBe(page.ref.objectNumber);
      expect(widget.has("AP")).toBe(true);
      expect(listed.filter((n) => n === pdf.context.getRef(widget)!.objectNumber)).toHaveLength(1);
    }
  });

  it("passes pdfsig with the root trusted in an NSS database: every signature valid, every certificate trusted and the signer's own", async () => {
    const nss = path.join(dir, "nss");
    fs.mkdirSync(nss);
    const roots = await trustedRoots("acme", config);
    fs.writeFileSync(path.join(dir, "root.der"), roots[0]);
    fs.writeFileSync(path.join(dir, "tsa-root.der"), tsaCa.rootDer);
    expect(runTool("certutil", ["-N", "--empty-password", "-d", `sql:${nss}`]).status).toBe(0);
    expect(runTool("certutil", ["-A", "-n", "root", "-t", "C,C,C", "-i", path.join(dir, "root.der"), "-d", `sql:${nss}`]).status).toBe(0);
    expect(
      runTool("certutil", ["-A", "-n", "tsa-root", "-t", "C,C,C", "-i", path.join(dir, "tsa-root.der"), "-d", `sql:${nss}`]).status,
    ).toBe(0);
    const file = path.join(dir, "signed.pdf");
    fs.writeFileSync(file, signed[2]);
    const blocks = pdfsigBlocks(file, ["-nssdir", `sql:${nss}`]);
    expect(blocks).toHaveLength(3);
    blocks.forEach((block, i) => {
      expect(block).toContain(`Signature Field Name: signer-${i + 1}`);
      expect(block).toContain(`Signer Certificate Common Name: ${signers[i].name}`);
      expect(block).toContain("Signature Validation: Signature is Valid.");
      expect(block).toContain("Certificate Validation: Certificate is Trusted.");
    });
  });

  it("passes qpdf --check", () => expectQpdfClean(signed[2], dir));

  it("stays PDF/UA when signed: the appearances' fonts embedded, every field still a Form element", async () => {
    expect((await checkPdfUa(signed[2])).failures).toEqual([]);
  });

  it("verifies with verifyPdf: each signature valid, chained to the root, naming its signer", async () => {
    const report = await verifyPdf(signed[2], { trustedRoots: [...(await trustedRoots("acme", config)), tsaCa.rootDer] });
    expect(report.valid).toBe(true);
    expect(report.signatures.map((s) => [s.fieldName, s.certificateSubject, s.chainValid, s.valid])).toEqual(
      signers.map((s, i) => [`signer-${i + 1}`, s.name, true, true]),
    );
    expect(report.signatures[1].timestamp?.valid).toBe(true);
  });
});
