import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDF, PdfRef, type PdfDict, type PdfObject, type PdfStream } from "@libpdf/core";
import * as fontkit from "fontkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Workflow, WorkflowSigner } from "@/lib/db/schema";
import { translatorFor } from "@/lib/i18n/translator";
import { familyFile } from "@/lib/pdf/fonts";
import { renderSealedWorkflow, sealedFooterLabel } from "@/lib/pdf/sealed-workflow";
import { keyForSigner, resetTenantKeys, type EsignConfig } from "@/lib/signing/keys/tenant-keys";
import { appendSignaturePage } from "@/lib/signing/pdf/signature-page";
import { signPdf } from "@/lib/signing/pdf/sign-pdf";
import { signedLocale } from "@/lib/signing/signers/signer-locale";
import { sealInput } from "@/lib/workflow/sealing/seal-input";
import { runTool } from "../support/pdf-tools";
import { workflowRow } from "../support/workflow-row";

/**
 * The words of a signature's box in its signer's language: an Arabic signer's box in Arabic, its
 * letters joined as Arabic is written (the glyphs the font's own shaping picks), a French signer's
 * in French, on one signature page; read back by poppler as printed (the annotations flattened).
 */

const ARTIFACTS = path.resolve("e2e/artifacts/documents");
const ARABIC_NAME = "ليلى حداد";
const signers = [
  { name: ARABIC_NAME, email: "layla@example.com", locale: "ar" },
  { name: "Claire Dubois", email: "claire@example.com", locale: "fr" },
];

let dir: string;
let signed: Uint8Array;

/** The PDF with its annotations' appearances drawn into the page, as a printer draws them, and its text as pdftotext reads it. */
function printedText(bytes: Uint8Array): string {
  const [from, to] = [path.join(dir, "signed.pdf"), path.join(dir, "flat.pdf")];
  fs.writeFileSync(from, bytes);
  expect(runTool("qpdf", ["--flatten-annotations=all", from, to]).status).toBe(0);
  return runTool("pdftotext", ["-layout", to, "-"]).out;
}

/** The glyph ids an appearance draws in each font, in drawing order (Identity-H: two bytes each). */
async function drawnGlyphs(bytes: Uint8Array, fieldName: string): Promise<Map<string, number[]>> {
  const pdf = await PDF.load(bytes);
  const widget = pdf.getForm()!.getSignatureField(fieldName)!.getDict();
  const resolved = (o: PdfObject | undefined) => (o instanceof PdfRef ? pdf.context.resolve(o) : o);
  const stream = resolved((resolved(widget.get("AP")) as PdfDict).get("N")) as PdfStream;
  const ops = new TextDecoder().decode(stream.getDecodedData());
  const byFont = new Map<string, number[]>();
  let font = "";
  for (const m of ops.matchAll(/\/(F\d+) [\d.]+ Tf|<([0-9a-f]+)>/g)) {
    if (m[1]) font = m[1];
    else byFont.set(font, [...(byFont.get(font) ?? []), ...m[2].match(/.{4}/g)!.map((h) => parseInt(h, 16))]);
  }
  return byFont;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-box-words-"));
  resetTenantKeys();
  const config: EsignConfig = { production: false, dataDir: path.join(dir, "data") };
  const wf = workflowRow({ state: "sealing", settings: { recipients: [], requireOtp: false, options: {}, locale: "en-GB" } });
  const input = sealInput(wf, [], new Date("2026-12-01T18:25:37.634Z"));
  const { pdf, boxes } = await appendSignaturePage(await renderSealedWorkflow(input), signers, {
    mode: "parallel",
    footer: sealedFooterLabel(input),
  });
  signed = pdf;
  for (const box of boxes) {
    const s = signers[box.signer];
    signed = await signPdf(signed, {
      key: (await keyForSigner("acme", s, config)).key,
      signer: { name: s.name, email: s.email, method: "email link" },
      reason: "Signed",
      fieldName: box.fieldName,
      appearance: { page: box.page, rect: box.rect, locale: s.locale, mark: { kind: "typed", text: s.name } },
      signingTime: new Date("2026-12-01T18:44:09.000Z"),
    });
  }
  // For a person to look at: the boxes as printed.
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(dir, "signed.pdf"), signed);
  runTool("pdftoppm", ["-r", "150", "-f", "2", "-png", path.join(dir, "signed.pdf"), path.join(ARTIFACTS, "signature-box-words")]);
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("a signature's box", () => {
  it("is in the language the signer signed in: the consent's, else the one named for them", () => {
    const wf = { settings: { recipients: [], requireOtp: false, options: {}, locale: "de" } } as unknown as Workflow;
    const signer = (locale: string | null, consentLocale: string | null) => ({ locale, consentLocale }) as WorkflowSigner;
    expect(signedLocale(wf, signer("fr", "ar"), null)).toBe("ar");
    expect(signedLocale(wf, signer("fr", null), null)).toBe("fr");
    expect(signedLocale(wf, signer(null, "en-XA"), "it")).toBe("de");
  });

  it("says who signed in the catalogue's words of each signer's language", () => {
    const text = printedText(signed);
    expect(text).toContain(translatorFor("fr")("document.signatureBox.signedBy", { name: "Claire Dubois" }));
    expect(text).not.toContain("Signed by");
  });

  it("draws Arabic in its joined forms: the glyphs the font's shaping picks, right to left", async () => {
    const dejavu = fontkit.openSync(familyFile("DejaVu Sans")) as fontkit.Font;
    const glyphs = await drawnGlyphs(signed, "signer-1");
    const drawn = [...glyphs.values()].flat();
    const label = translatorFor("ar")("document.signatureBox.signedBy", { name: "" }).replace(/[:\s]/g, "");
    // The label's shadda and kasra: DejaVu Sans joins them into a glyph its cmap does not list, so they are placed one by one.
    const words: Array<[string, Record<string, boolean> | undefined]> = [
      ...ARABIC_NAME.split(" ").map((w) => [w, undefined] as [string, undefined]),
      [label, { rlig: false }],
    ];
    for (const [word, features] of words) {
      const shaped = dejavu.layout(word, features, undefined, undefined, "rtl").glyphs.map((g) => g.id);
      const isolated = [...word].reverse().map((ch) => dejavu.glyphForCodePoint(ch.codePointAt(0)!).id);
      expect(shaped, word).not.toEqual(isolated);
      expect(drawn.join(","), word).toContain(shaped.join(","));
      expect(drawn.join(","), word).not.toContain(isolated.join(","));
    }
  });

  it("reads back with pdftotext: the Arabic words as written, in their order", () => {
    const lines = printedText(signed)
      .replace(/[\u202a-\u202e\u2066-\u2069]/g, "")
      .split("\n");
    // poppler orders the runs of a line by the page's main direction (English here); each run reads in its own order.
    const label = translatorFor("ar")("document.signatureBox.signedBy", { name: "" }).replace(/[:\s]/g, "");
    expect(lines.filter((l) => l.includes(label) && l.includes(ARABIC_NAME))).toHaveLength(1);
  });

  it("leaves the documents made after it in the same thread reading Arabic as written, not as presentation forms", async () => {
    // The boxes were shaped after react-pdf had drawn the Arabic name on the signature page: a record drawn now must still map its glyphs to letters.
    const wf = workflowRow({ state: "sealing", settings: { recipients: [], requireOtp: false, options: {}, locale: "ar" } });
    const file = path.join(dir, "after.pdf");
    fs.writeFileSync(file, await renderSealedWorkflow(sealInput(wf, [], new Date("2026-12-01T18:25:37.634Z"))));
    const text = runTool("pdftotext", [file, "-"]).out;
    expect(text).toMatch(/[\u0621-\u064a]/);
    expect(text.match(/[\ufb50-\ufdff\ufe70-\ufeff]/g) ?? []).toEqual([]);
  });
});
