import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDF } from "@libpdf/core";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { WorkflowEvent, WorkflowSigner } from "@/lib/db/schema";
import { momentText } from "@/lib/format/moment-text";
import * as fontkit from "fontkit";
import { DEFAULT_LOCALE, LOCALES, type SupportedLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { renderCompletionCertificate } from "@/lib/pdf/completion-certificate";
import { documentLanguage } from "@/lib/pdf/document-language";
import { faceFile, FACES } from "@/lib/pdf/fonts";
import { checkPdfUa } from "@/lib/pdf/pdf-ua/check-pdf-ua";
import { renderDocument } from "@/lib/pdf/render-document";
import { renderReceipt } from "@/lib/pdf/receipt";
import { renderSealedWorkflow, sealedFooterLabel } from "@/lib/pdf/sealed-workflow";
import { certificateInput } from "@/lib/signing/certificate/certificate-input";
import { appendSignaturePage } from "@/lib/signing/pdf/signature-page";
import { parseTemplate } from "@/lib/templates/load-template";
import { sealInput } from "@/lib/workflow/sealing/seal-input";
import { pdfPageTexts, pdfText, pdfWordBoxes } from "../support/pdf";
import { workflowRow } from "../support/workflow-row";

/**
 * The system documents in the language of the people they are for, read back by poppler: French and
 * Arabic words from the catalogues and none of the English headings, Arabic set from the right and
 * read in its own order, Japanese in the Japanese forms of Han characters; tagged PDF/UA in each.
 */
const T = (iso: string) => new Date(iso);
const MARGIN = 40;

function certificate(locale: SupportedLocale) {
  const wf = workflowRow({
    state: "complete",
    completedAt: T("2026-12-01T18:44:09.000Z"),
    documentRevision: 1,
    documentSha256: "b".repeat(64),
    settings: { recipients: [], requireOtp: false, options: {}, locale },
  });
  const signer = {
    position: 0,
    name: "Ann Example",
    email: "ann@example.com",
    role: null,
    signOrder: null,
    requireOtp: false,
    state: "signed",
    signedAt: T("2026-12-01T18:44:09.000Z"),
    signedRevision: 1,
    declinedAt: null,
    verificationMethod: "email link",
    consentVersion: "2026-12-01",
    consentLocale: "de",
    consentSha256: "c".repeat(64),
  } as unknown as WorkflowSigner;
  const event = (id: number, kind: string, at: string, detail: Record<string, unknown>) =>
    ({ id, workflowId: wf.id, tenantId: "acme", kind, actor: "ann@example.com", detail, at: T(at) }) as unknown as WorkflowEvent;
  const events = [
    event(1, "workflow.sealed", "2026-12-01T18:30:00.000Z", { revision: 0, sha256: "a".repeat(64) }),
    event(2, "signer.invited", "2026-12-01T18:30:01.000Z", { signer: 0, email: "ann@example.com", expiresAt: "2026-12-15T18:30:01.000Z" }),
    event(3, "signer.signed", "2026-12-01T18:44:09.000Z", { signer: 0, revision: 1, sha256: "b".repeat(64), certificate: "issued" }),
  ];
  const links = events.map((e, i) => ({ eventId: e.id, kind: e.kind, at: e.at.toISOString(), hash: String(i).repeat(64) }));
  return renderCompletionCertificate(
    certificateInput(wf, [signer], events, links, { organization: "Acme", issuedAt: T("2026-12-01T18:45:00Z") }),
  );
}

const receipt = (locale: SupportedLocale) =>
  renderReceipt({
    locale,
    batchId: "batch-0048",
    correlationId: "receipt-languages-1",
    title: "November notices",
    templatePath: "notice.md",
    submittedBy: "crm@acme.test",
    submittedAt: "2026-12-01T18:25:37.634Z",
    state: "pending-approval",
    readiness: "PARTIAL",
    counts: { total: 2, ready: 1, warning: 1, invalid: 0 },
    records: [
      { index: 0, status: "ready", messages: [], fileName: "notice-1.pdf" },
      { index: 1, status: "warning", messages: ["Phone number is missing."], fileName: "notice-2.pdf" },
    ],
  });

/** The headings each kind of document has in every language, by their catalogue keys. */
const HEADINGS = {
  certificate: [
    "document.certificate.heading",
    "document.certificate.revisionsHeading",
    "document.certificate.signersHeading",
    "document.certificate.chainHeading",
  ],
  receipt: ["document.receipt.heading", "document.receipt.needsAttention", "document.receipt.readyHeading"],
} as const;

/**
 * Text to compare in Arabic: poppler gives the two letters of a lam-alef ligature (one glyph, لا,
 * لإ…) in reverse order when it reads a right-to-left line, and a letter's vowel marks in the order
 * they were drawn, and moves spaces around the bidi controls it puts at each change of direction:
 * lam, alef, the marks, the controls and the spaces are left out on both sides.
 */
const arabic = (s: string) => s.replace(/[\s\u202a-\u202e\u2066-\u2069]|\p{Mn}/gu, "").replace(/[\u0622\u0623\u0625\u0627\u0644]/g, "");

const pdfLanguage = async (pdf: Uint8Array) =>
  ((await PDFDocument.load(pdf, { updateMetadata: false })).catalog.lookup(PDFName.of("Lang"), PDFString) as PDFString).decodeText();

describe.each([
  ["certificate of completion", certificate, HEADINGS.certificate],
  ["intake receipt", receipt, HEADINGS.receipt],
] as const)("the %s", (_, render, headings) => {
  it("in French: the catalogue's French words, none of the English headings, /Lang fr; PDF/UA", async () => {
    const pdf = await render("fr");
    const text = await pdfText(pdf);
    const fr = translatorFor("fr");
    const en = translatorFor(DEFAULT_LOCALE);
    for (const key of headings) {
      expect(text).toContain(fr(key));
      expect(text).not.toContain(en(key));
    }
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(text).toContain(fr("document.pageNumber", { n: pages, total: pages }));
    expect(await pdfLanguage(pdf)).toBe("fr");
    expect((await checkPdfUa(pdf)).failures).toEqual([]);
  });

  it("in Arabic: the catalogue's Arabic words in reading order, set from the right margin, /Lang ar; PDF/UA", async () => {
    const pdf = await render("ar");
    const text = arabic(await pdfText(pdf));
    const ar = translatorFor("ar");
    const en = translatorFor(DEFAULT_LOCALE);
    for (const key of headings) {
      expect(text).toContain(arabic(ar(key)));
      expect(text).not.toContain(en(key));
    }
    // The title's words end at the right margin: the line is laid out from the right.
    const words = await pdfWordBoxes(pdf);
    const first = words.filter((w) => w.page === 1 && Math.abs(w.yMin - words[0].yMin) < 1);
    expect(Math.max(...first.map((w) => w.xMax))).toBeCloseTo(first[0].pageWidth - MARGIN, 0);
    expect(Math.min(...first.map((w) => w.xMin))).toBeGreaterThan(first[0].pageWidth / 2);
    expect(await pdfLanguage(pdf)).toBe("ar");
    expect((await checkPdfUa(pdf)).failures).toEqual([]);
  });
});

describe("the certificate of completion's words", () => {
  it("in French: the signer's events, the consent read in German, named in French, its version a French date", async () => {
    const text = await pdfText(await certificate("fr"));
    expect(text).toContain("Lien de signature envoyé à ann@example.com");
    expect(text).toContain("Version du 1 décembre 2026, lue en allemand (de)");
    expect(text).toContain("Achevé le 1 décembre 2026 à 18:44:09 UTC");
    expect(text).toContain("Signataire invité");
  });

  it("in Arabic: sentences with an e-mail address and a moment in them read in their order", async () => {
    const text = arabic(await pdfText(await certificate("ar")));
    const ar = translatorFor("ar");
    expect(text).toContain(arabic(ar("document.certificate.event.invitedTo", { email: "ann@example.com" })));
    const at = momentText(T("2026-03-02T09:00:00.000Z"), "ar", undefined, { seconds: true });
    expect(text).toContain(arabic(ar("document.byAt", { by: "init@acme.test", at })));
  });

  it("in Japanese: laid out with the Japanese forms of Han characters, not the Chinese", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sealpost-ja-")), "certificate.pdf");
    fs.writeFileSync(file, await certificate("ja"));
    const fonts = (await promisify(execFile)("pdffonts", [file])).stdout;
    expect(fonts).toMatch(/NotoSansJP/);
    expect(fonts).not.toMatch(/NotoSansSC/);
    expect(await pdfText(new Uint8Array(fs.readFileSync(file)))).toContain(translatorFor("ja")("document.certificate.heading"));
  });
});

describe("the sealed record and its signature pages", () => {
  it("in Arabic: the record's headings and the signature page's, each field described in Arabic, the signers' names as written", async () => {
    const wf = workflowRow({ state: "sealing", settings: { recipients: [], requireOtp: false, options: {}, locale: "ar" } });
    const input = sealInput(wf, [], T("2026-12-01T18:25:37.634Z"));
    const sealed = await renderSealedWorkflow(input);
    const { pdf } = await appendSignaturePage(sealed, [{ name: "Ann Example", email: "ann@example.com" }], {
      mode: "sequential",
      footer: sealedFooterLabel(input),
      locale: "ar",
    });
    const ar = translatorFor("ar");
    const text = arabic(await pdfText(pdf));
    for (const key of ["document.sealed.heading", "document.sealed.historyHeading", "document.signaturePage.heading"] as const)
      expect(text).toContain(arabic(ar(key)));
    expect(text).toContain("AnnExample");
    const field = (await PDF.load(pdf)).getForm()!.getSignatureField("signer-1")!;
    expect(field.getDict().getString("TU")?.asString()).toBe(ar("document.signaturePage.field", { name: "Ann Example" }));
    expect((await checkPdfUa(pdf)).failures).toEqual([]);
  });
});

describe("the language of a workflow's documents", () => {
  it("is the workflow's, else the tenant's default, else en-GB", () => {
    const wf = (locale?: string) =>
      workflowRow({ settings: { recipients: [], requireOtp: false, options: {}, ...(locale ? { locale } : {}) } });
    const at = T("2026-12-01T18:25:37.634Z");
    expect(sealInput(wf("de-AT"), [], at, "fr").locale).toBe("de");
    expect(sealInput(wf(), [], at, "fr").locale).toBe("fr");
    expect(sealInput(wf("hi-IN"), [], at, "fr").locale).toBe("fr");
    expect(sealInput(wf(), [], at, null).locale).toBe(DEFAULT_LOCALE);
    expect(certificateInput(wf(), [], [], [], { organization: "Acme", issuedAt: at, tenantLocale: "ja" }).locale).toBe("ja");
  });
});

describe("page numbers", () => {
  it("are words every language's catalogue gives in characters the regular face draws, left to right", () => {
    const face = fontkit.openSync(faceFile(FACES.embedded.regular)) as fontkit.Font;
    for (const { tag } of LOCALES) {
      const label = documentLanguage(tag).pageLabel(12, 1345);
      expect(label, tag).toMatch(/12.*1.?345/);
      expect(
        [...label].filter((ch) => !face.hasGlyphForCodePoint(ch.codePointAt(0)!)),
        tag,
      ).toEqual([]);
      expect(label, tag).not.toMatch(/[\p{Script=Hebrew}\p{Script=Arabic}]/u);
    }
  });
});

describe("a template's page numbers", () => {
  const template = (locale: string) =>
    parseTemplate(
      "letter.md",
      [
        "---",
        "title: Lettre",
        `locale: ${locale}`,
        "---",
        "# Lettre",
        "",
        ...Array.from({ length: 90 }, (_, i) => `Paragraphe ${i + 1}.\n`),
      ].join("\n"),
    );
  const meta = { correlationId: "template-pages-1", title: "Lettre", documentId: "DOC-1" };

  it("are in the template's language: a French template reads « page 1 sur 2 »", async () => {
    const { pdf } = await renderDocument(await template("fr-CA"), {}, meta);
    const pages = await pdfPageTexts(pdf);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => expect(text).toMatch(new RegExp(`DOC-1 page ${i + 1} sur ${pages.length}$`)));
    expect(pages.join(" ")).not.toMatch(/ of \d/);
  });

  it("are English where no catalogue writes the template's language, and in Helvetica where it lacks the letters", async () => {
    const [hindi] = await pdfPageTexts((await renderDocument(await template("hi-IN"), {}, meta)).pdf);
    expect(hindi).toMatch(/DOC-1 page 1 of \d+$/);
    const [greek] = await pdfPageTexts((await renderDocument(await template("el"), {}, meta, undefined, { profile: "tagged" })).pdf);
    expect(greek).toMatch(/DOC-1 page 1 of \d+$/);
    const [german] = await pdfPageTexts((await renderDocument(await template("de"), {}, meta, undefined, { profile: "tagged" })).pdf);
    expect(german).toMatch(/DOC-1 Seite 1 von \d+$/);
  });
});
