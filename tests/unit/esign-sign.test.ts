import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDF, PdfArray, PdfNumber, PdfRef } from "@libpdf/core";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signPdf, type SignPdfOptions } from "@/lib/signing/pdf/sign-pdf";
import { certificatePem, createTestCa, privateKeyPem, type TestCa } from "@/lib/signing/keys/test-ca";
import { verifyPdf } from "@/lib/signing/pdf/verify-pdf";
import { startTsaServer, timestampAuthority, type TsaServer } from "@/tests/support/tsa";
import { expectQpdfClean, fontsAdded, pdfsigBlocks, runTool } from "../support/pdf-tools";
import { pdfText } from "../support/pdf";

/**
 * One PAdES signature per signer, each an incremental update, all valid in the final file: checked
 * by our verifier and by outside readers (poppler's pdfsig, qpdf, OpenSSL's cms), and a changed byte
 * caught by both, naming the signatures it broke. The test CA and TSA are in-process: no network.
 */

let ca: TestCa;
let tsaServer: TsaServer;
let dir: string;
let sealed: Uint8Array;
/** The file after each signature: [sealed, after signer 1, after 2, after 3]. */
const revisions: Uint8Array[] = [];

const signers = [1, 2, 3].map((i) => ({
  name: `Signer ${i}`,
  email: `signer${i}@example.com`,
  method: i === 3 ? "email link + OTP" : "email link",
}));

/**
 * pdfsig's report, one block per signature. -nocert: pdfsig checks the digest and the signature,
 * not the chain (OpenSSL and verifyPdf check that below). With an NSS database trusting the test
 * root, poppler 22.12 trusts the first signature's certificate and reports "Unknown issue with
 * Certificate" for the same certificate in later ones (docs/esign.md, "Outside readers").
 */
function pdfsig(file: string): string[] {
  return pdfsigBlocks(file, ["-nocert"]);
}

/** The sealed-like document: three pages rendered with pdf-lib, as lib/pdf makes them. */
async function sealedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 3; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Sealed workflow, page ${i} of 3`, { x: 50, y: 780, font, size: 16 });
    page.drawText("The content every signer signs.", { x: 50, y: 750, font, size: 11 });
  }
  return doc.save();
}

const options = (i: number): SignPdfOptions => ({
  key: ca.tenant,
  signer: signers[i - 1],
  reason: "Approved",
  fieldName: `signer-${i}`,
  appearance: { page: 2, rect: [40 + (i - 1) * 175, 60, 165, 62], lines: [`typed: ${signers[i - 1].name}`] },
});

beforeAll(async () => {
  ca = await createTestCa("acme");
  tsaServer = await startTsaServer(ca.tsa);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-"));
  fs.writeFileSync(path.join(dir, "root.pem"), ca.rootPem);
  sealed = await sealedPdf();
  revisions.push(sealed);
  // Signer 1 timestamped in-process, signer 2 through the HTTP authority (as ESIGN_TSA_URL), signer 3 B-B.
  const tsas = [timestampAuthority(ca.tsa), tsaServer.url, undefined];
  for (let i = 1; i <= 3; i++) revisions.push(await signPdf(revisions[i - 1], { ...options(i), tsa: tsas[i - 1] }));
});

afterAll(async () => {
  await tsaServer?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("signPdf, three signers in sequence", () => {
  it("appends each signature after the earlier bytes, untouched", () => {
    for (let i = 1; i <= 3; i++) {
      const before = revisions[i - 1];
      const after = revisions[i];
      expect(after.length).toBeGreaterThan(before.length);
      expect(Buffer.from(after.subarray(0, before.length)).equals(Buffer.from(before))).toBe(true);
    }
    expect(tsaServer.requests).toBe(1);
  });

  it("places each signer's visible appearance in their own field on the chosen page", async () => {
    const pdf = await PDF.load(revisions[3]);
    const page = pdf.getPage(2)!;
    const annots = (page.dict.get("Annots") as PdfArray).toArray().map((r) => (r as PdfRef).objectNumber);
    for (let i = 1; i <= 3; i++) {
      const widget = pdf.getForm()!.getSignatureField(`signer-${i}`)!;
      const rect = (widget.getDict().get("Rect") as PdfArray).toArray().map((n) => (n as PdfNumber).value);
      expect(rect).toEqual([40 + (i - 1) * 175, 60, 40 + (i - 1) * 175 + 165, 122]);
      expect(widget.getDict().has("AP")).toBe(true);
      expect(annots).toContain(pdf.context.getRef(widget.getDict())!.objectNumber);
    }
  });

  it("passes pdfsig: every signature valid, the last one covering the whole document", () => {
    const file = path.join(dir, "signed.pdf");
    fs.writeFileSync(file, revisions[3]);
    const blocks = pdfsig(file);
    expect(blocks).toHaveLength(3);
    blocks.forEach((block, i) => {
      expect(block).toContain(`Signature Field Name: signer-${i + 1}`);
      expect(block).toContain("Signature Type: ETSI.CAdES.detached");
      expect(block).toContain("Signing Hash Algorithm: SHA-256");
      expect(block).toContain("Signature Validation: Signature is Valid.");
      expect(block).toContain(i === 2 ? "Total document signed" : "Not total document signed");
    });
  });

  it("passes qpdf --check", () => expectQpdfClean(revisions[3], dir));

  it("passes openssl cms -verify on each ByteRange's content, chained to the test root", async () => {
    const report = await verifyPdf(revisions[3], { trustedRoots: [ca.rootDer] });
    const bytes = revisions[3];
    for (const sig of report.signatures) {
      const [a, b, c, d] = sig.byteRange;
      const content = path.join(dir, `${sig.fieldName}.bin`);
      const der = path.join(dir, `${sig.fieldName}.p7s`);
      fs.writeFileSync(content, Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]));
      // /Contents is <hex> padded with zeros: OpenSSL reads the one DER object and ignores the rest.
      fs.writeFileSync(der, Buffer.from(Buffer.from(bytes.subarray(b + 1, c - 1)).toString("latin1"), "hex"));
      const r = runTool("openssl", [
        "cms",
        "-verify",
        "-binary",
        "-inform",
        "DER",
        "-in",
        der,
        "-content",
        content,
        "-CAfile",
        path.join(dir, "root.pem"),
        "-out",
        "/dev/null",
      ]);
      expect(r.out, sig.fieldName).toContain("Verification successful");
      expect(r.status).toBe(0);
    }
  });

  it("verifyPdf reports every signature: signer, time, coverage, digest, signature, chain, timestamp", async () => {
    const report = await verifyPdf(revisions[3], { trustedRoots: [ca.rootDer] });
    expect(report.valid).toBe(true);
    expect(report.signatures.map((s) => s.fieldName)).toEqual(["signer-1", "signer-2", "signer-3"]);
    report.signatures.forEach((s, i) => {
      expect(s).toMatchObject({
        certificateSubject: "acme signing",
        signer: { ...signers[i], reason: "Approved" },
        coversWholeFile: i === 2,
        coversRevisionEnd: true,
        digestValid: true,
        signatureValid: true,
        chainValid: true,
        valid: true,
        problems: [],
      });
      // The first two end exactly where the next revision starts.
      if (i < 2) expect(s.byteRange[2] + s.byteRange[3]).toBe(revisions[i + 1].length);
      expect(Date.parse(s.signingTime!)).toBeGreaterThan(Date.now() - 120_000);
    });
    expect(report.signatures[0].timestamp).toMatchObject({ valid: true, authority: "Sealpost test CA TSA" });
    expect(report.signatures[1].timestamp).toMatchObject({ valid: true, authority: "Sealpost test CA TSA" });
    expect(report.signatures[2].timestamp).toBeNull();
  });

  it("a chain to another root is reported as such, the digest and signature still valid", async () => {
    const other = await createTestCa("acme", { org: "Someone else" });
    const report = await verifyPdf(revisions[3], { trustedRoots: [other.rootDer] });
    expect(report.valid).toBe(false);
    for (const s of report.signatures) expect(s).toMatchObject({ digestValid: true, signatureValid: true, chainValid: false });
  });
});

describe("a signer whose name is not in Windows-1252", () => {
  it("is shown as written in the appearance, in fonts embedded as subsets: the record's face (Arimo) for Cyrillic and Greek, DejaVu Sans for the characters it lacks", async () => {
    const file = path.join(dir, "cyrillic.pdf");
    const signed = await signPdf(sealed, {
      key: ca.tenant,
      signer: { name: "Жанна Петрова", email: "zhanna@example.com", method: "email link" },
      reason: "Approved",
      fieldName: "signer-1",
      appearance: { page: 2, rect: [40, 60, 200, 62], mark: { kind: "typed", text: "Ζωή Жанна" } },
    });
    fs.writeFileSync(file, signed);
    const fonts = runTool("pdffonts", [file]).out;
    expect(fonts).toMatch(/^[A-Z]{6}\+Arimo-Regular\s.*\byes\s+yes\b/m);
    expect(fonts).toMatch(/^[A-Z]{6}\+Arimo-Italic\s.*\byes\s+yes\b/m);
    // The glyphs drawn map back to the name: what a reader copies or searches is the name.
    const pdf = await PDF.load(signed);
    const ap = pdf.getForm()!.getSignatureField("signer-1")!.getDict();
    expect(ap.has("AP")).toBe(true);
    expect(pdfsigBlocks(file, ["-nocert"])[0]).toContain("Signature Validation: Signature is Valid.");
    // A subset: far below Arimo's 420 kB.
    expect(signed.length - sealed.length).toBeLessThan(60_000);

    const armenian = await signPdf(sealed, {
      ...options(1),
      appearance: { page: 2, rect: [40, 60, 200, 62], mark: { kind: "typed", text: "Արամ Զոհրաբյան" } },
    });
    fs.writeFileSync(path.join(dir, "armenian.pdf"), armenian);
    const armenianFonts = runTool("pdffonts", [path.join(dir, "armenian.pdf")]).out;
    // The lines are Latin (Arimo); the Armenian letters of the mark come from DejaVu Sans Oblique, its space from Arimo Italic, as react-pdf picks per character.
    expect(armenianFonts).toMatch(/^[A-Z]{6}\+DejaVuSans-Oblique\s.*\byes\s+yes\b/m);
    expect(armenianFonts).not.toMatch(/\+DejaVuSans\s/);
    // Every font the appearance brought is embedded, as a subset (the test's record has a built-in Helvetica of its own).
    fs.writeFileSync(path.join(dir, "sealed.pdf"), sealed);
    const added = fontsAdded(path.join(dir, "sealed.pdf"), file);
    expect(added.map((l) => l.split(/\s+/)[0].slice(7)).sort()).toEqual(["Arimo-Italic", "Arimo-Regular"]);
    for (const line of added) expect(line).toMatch(/^[A-Z]{6}\+\S+\s.*\byes\s+yes\s+yes\b/);
  });
});

describe("a changed byte", () => {
  function flip(at: number): string {
    const bytes = revisions[3].slice();
    bytes[at] ^= 0x01;
    const file = path.join(dir, `flipped-${at}.pdf`);
    fs.writeFileSync(file, bytes);
    return file;
  }

  it("in the first revision: pdfsig and verifyPdf say every signature is invalid", async () => {
    // The page content of the sealed document (pdf-lib writes its header comment, then the objects).
    const at = Buffer.from(sealed).indexOf("obj") + 10;
    const file = flip(at);
    for (const block of pdfsig(file)) expect(block).not.toContain("Signature is Valid.");
    const report = await verifyPdf(fs.readFileSync(file), { trustedRoots: [ca.rootDer] });
    expect(report.valid).toBe(false);
    expect(report.signatures.map((s) => [s.fieldName, s.digestValid, s.valid])).toEqual([
      ["signer-1", false, false],
      ["signer-2", false, false],
      ["signer-3", false, false],
    ]);
    expect(report.signatures[0].problems).toContain("digest mismatch: the signed bytes changed after signing");
  });

  it("in the second signer's revision: the first signature stays valid, the two covering it are invalid", async () => {
    // Signer 2's reason, written in their revision only.
    const at = Buffer.from(revisions[3]).indexOf("signer2@example.com>", revisions[1].length);
    expect(at).toBeGreaterThan(revisions[1].length);
    const file = flip(at);
    const blocks = pdfsig(file);
    expect(blocks[0]).toContain("Signature is Valid.");
    expect(blocks[1]).not.toContain("Signature is Valid.");
    expect(blocks[2]).not.toContain("Signature is Valid.");
    const report = await verifyPdf(fs.readFileSync(file), { trustedRoots: [ca.rootDer] });
    expect(report.signatures.map((s) => [s.fieldName, s.valid])).toEqual([
      ["signer-1", true],
      ["signer-2", false],
      ["signer-3", false],
    ]);
  });

  it("after the last signature: every digest holds, and the last no longer covers the whole file", async () => {
    const tampered = Buffer.concat([revisions[3], Buffer.from("\n% appended\n")]);
    const report = await verifyPdf(tampered, { trustedRoots: [ca.rootDer] });
    expect(report.signatures.every((s) => s.digestValid && !s.coversWholeFile)).toBe(true);
  });
});

describe("keys and timestamp authorities", () => {
  it("a TSA that fails fails the signature, loudly: never a signature without its timestamp", async () => {
    tsaServer.fail = true;
    try {
      await expect(signPdf(sealed, { ...options(1), tsa: tsaServer.url })).rejects.toThrow();
    } finally {
      tsaServer.fail = false;
    }
  });

  it("signs with a PKCS#12 (the tenant's configured key) as with the test CA's key", async () => {
    const key = path.join(dir, "key.pem");
    const cert = path.join(dir, "cert.pem");
    const p12 = path.join(dir, "tenant.p12");
    fs.writeFileSync(key, await privateKeyPem(ca.tenant.privateKey));
    fs.writeFileSync(cert, certificatePem(ca.tenant.chain[0]));
    const r = runTool("openssl", [
      "pkcs12",
      "-export",
      "-inkey",
      key,
      "-in",
      cert,
      "-certfile",
      path.join(dir, "root.pem"),
      "-passout",
      "pass:s3cret",
      "-out",
      p12,
    ]);
    expect(r.status, r.out).toBe(0);
    const signed = await signPdf(sealed, { ...options(1), key: { p12: fs.readFileSync(p12), password: "s3cret" } });
    const report = await verifyPdf(signed, { trustedRoots: [ca.rootDer] });
    expect(report.signatures).toHaveLength(1);
    expect(report.signatures[0]).toMatchObject({ valid: true, chainValid: true, coversWholeFile: true });
  });

  it("refuses to sign a field twice, and finds no signature in the unsigned document", async () => {
    await expect(signPdf(revisions[1], options(1))).rejects.toThrow(/already signed/);
    expect(await verifyPdf(sealed, { trustedRoots: [ca.rootDer] })).toEqual({ valid: false, signatures: [] });
  });

  it("refuses what is not a PDF", async () => {
    expect((await verifyPdf(new TextEncoder().encode("not a pdf"), { trustedRoots: [ca.rootDer] })).valid).toBe(false);
    await expect(signPdf(new TextEncoder().encode("not a pdf"), options(1))).rejects.toThrow();
  });
});

describe("the signature box", () => {
  it("says when the signer signed, short, in the workflow's locale and with its time zone named", async () => {
    const signed = await signPdf(sealed, {
      ...options(1),
      signingTime: new Date("2026-12-01T18:44:09.000Z"),
      appearance: { page: 2, rect: [40, 60, 200, 62], locale: "de-DE", mark: { kind: "typed", text: "Ann Example" } },
    });
    const text = await pdfText(signed);
    expect(text).toContain("1. Dez. 2026, 18:44 UTC");
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/);
  });
});
