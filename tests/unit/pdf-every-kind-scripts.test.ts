import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendSignaturePage } from "@/lib/signing/pdf/signature-page";
import { signPdf } from "@/lib/signing/pdf/sign-pdf";
import { createTestCa, type TestCa } from "@/lib/signing/keys/test-ca";
import { assembleTrace } from "@/lib/explain/assemble-trace";
import { ExplainCapture } from "@/lib/explain/capture";
import { renderExplainReport } from "@/lib/explain/report/render-report";
import { renderCompletionCertificate } from "@/lib/pdf/completion-certificate";
import { checkPdfUa } from "@/lib/pdf/pdf-ua/check-pdf-ua";
import { renderReceipt } from "@/lib/pdf/receipt";
import { renderDocument } from "@/lib/pdf/render-document";
import { renderSealedWorkflow, type SealedWorkflowInput } from "@/lib/pdf/sealed-workflow";
import { warmUpFonts } from "@/lib/pdf/warm-up";
import { parseTemplate } from "@/lib/templates/load-template";
import { pdfNotdefGlyphs } from "../support/pdf-glyphs";
import { fontsAdded, runTool } from "../support/pdf-tools";

/**
 * Every kind of PDF Sealpost draws, with the names docs/templates.md lists (one per script the fonts
 * cover, Chinese and an emoji among them), read back by poppler: pdftotext finds each name, no glyph
 * drawn is .notdef (CID 0, an empty box), pdffonts lists every font embedded, and the PDF/UA checker
 * passes. The signature box is an annotation's appearance: it is read back flattened into its page
 * (qpdf --flatten-annotations), as a printer draws it.
 */

/** The names of docs/templates.md ("Fonts and scripts"): the table's second column. */
function documentedNames(): string[] {
  const doc = fs.readFileSync(path.resolve("docs/templates.md"), "utf8");
  const table = doc.slice(doc.indexOf("| Script | Name |"));
  const rows = table.split("\n").slice(2);
  return rows
    .slice(
      0,
      rows.findIndex((r) => !r.startsWith("|")),
    )
    .map((r) => r.split("|")[2].trim());
}
const NAMES = documentedNames();

const ARTIFACTS = path.resolve("e2e/artifacts/documents");
let dir: string;
let ca: TestCa;
const kinds = new Map<string, Uint8Array>();

/** Bidi marks pdftotext adds around right-to-left runs, and all white space: the text as a reader searches it. */
const searchable = (text: string) => text.replace(/[\u202a-\u202e\u2066-\u2069\s]/g, "");

function pdftotext(bytes: Uint8Array, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  return runTool("pdftotext", [file, "-"]).out;
}

/** The PDF with its annotations' appearances drawn into the pages' content, as qpdf flattens them for printing. */
function flattened(bytes: Uint8Array, name: string): Uint8Array {
  const [from, to] = [path.join(dir, `${name}-annotated.pdf`), path.join(dir, `${name}-flat.pdf`)];
  fs.writeFileSync(from, bytes);
  const r = runTool("qpdf", ["--flatten-annotations=all", from, to]);
  expect(r.status, r.out).toBe(0);
  return new Uint8Array(fs.readFileSync(to));
}

const sealedInput = (names: string[]): SealedWorkflowInput => ({
  workflowId: "00000000-0000-4000-8000-000000000046",
  correlationId: "scripts-46",
  title: `Approval for ${names[0]}`,
  documentId: null,
  exception: null,
  templatePath: "workflow/approval.md",
  templateVersion: "0".repeat(64),
  initiator: "ann@example.com",
  createdAt: "2026-11-23T10:00:00.000Z",
  sealedAt: "2026-11-23T11:00:00.000Z",
  steps: [{ title: "Request", fields: names.map((n, i) => ({ key: `name${i}`, label: `Name ${i + 1}`, value: n })) }],
  validationOutcome: "passed",
  results: [],
  history: [],
  audit: [],
});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sealpost-every-kind-"));
  await warmUpFonts();
  ca = await createTestCa("acme");
  const meta = { correlationId: "scripts-46", title: "Letter", documentId: null };
  const source = [
    "---",
    "title: Letters",
    "locale: en-GB",
    "fields:",
    ...NAMES.map((_, i) => `  - key: name${i}`),
    "---",
    "# Letters",
    "",
    ...NAMES.map((_, i) => `Dear {{name${i}}}, thank you.\n`),
  ].join("\n");
  const template = await parseTemplate("names.md", source);
  const record = Object.fromEntries(NAMES.map((n, i) => [`name${i}`, n]));
  kinds.set("template document", (await renderDocument(template, record, meta)).pdf);

  kinds.set(
    "intake receipt",
    await renderReceipt({
      batchId: "batch-46",
      correlationId: "scripts-46",
      title: `Letters to ${NAMES[0]}`,
      templatePath: "names.md",
      submittedBy: "ann@example.com",
      submittedAt: "2026-11-24T10:00:00.000Z",
      state: "validated",
      readiness: "PARTIAL",
      counts: { total: NAMES.length, ready: NAMES.length - 1, warning: 1, invalid: 0 },
      // A record with two messages: their lines are one text with a line break between.
      records: NAMES.map((n, i) => ({
        index: i,
        status: i === 0 ? "warning" : "ready",
        messages: i === 0 ? [`name: ${n} is long`, "amount: rounded"] : [],
        fileName: `${n}.pdf`,
      })),
    }),
  );

  const sealed = await renderSealedWorkflow(sealedInput(NAMES));
  kinds.set("sealed workflow record", sealed);

  const { pdf: withPage, boxes } = await appendSignaturePage(
    sealed,
    NAMES.map((n, i) => ({ name: n, email: `signer${i}@example.com`, role: `Approver ${n}` })),
    { mode: "sequential", footer: "scripts-46" },
  );
  kinds.set("signature page", withPage);

  // Each signer's box, signed in turn: "Signed by <name>" and the name typed as their mark.
  let signed = withPage;
  for (const box of boxes) {
    const name = NAMES[box.signer];
    signed = await signPdf(signed, {
      key: ca.tenant,
      signer: { name, email: `signer${box.signer}@example.com`, method: "email link" },
      reason: "Approved",
      fieldName: box.fieldName,
      appearance: { page: box.page, rect: box.rect, mark: { kind: "typed", text: name } },
    });
  }
  kinds.set("signature boxes (flattened)", flattened(signed, "signed"));
  kinds.set("signed record", signed);

  kinds.set(
    "certificate of completion",
    await renderCompletionCertificate({
      workflowId: "00000000-0000-4000-8000-000000000046",
      correlationId: "scripts-46",
      title: `Approval for ${NAMES[0]}`,
      organization: "Acme",
      outcome: "complete",
      outcomeLine: `Signed by ${NAMES.join(", ")}.`,
      facts: [{ label: "Initiator", value: NAMES[0] }],
      revisions: NAMES.map((n, i) => ({ revision: i, madeBy: n, at: "2026-11-23 11:00:00", sha256: "a".repeat(64) })),
      signers: NAMES.map((n) => ({
        heading: n,
        facts: [{ label: "Name", value: n }],
        events: [{ at: "2026-11-23 11:00:00", what: "signed", details: [`typed mark: ${n}`] }],
      })),
      chain: { genesis: "0".repeat(64), head: "f".repeat(64), links: [] },
      issuedAt: "2026-11-23T12:00:00.000Z",
    }),
  );

  // A traced render of a template whose title and headings hold the names: the report quotes them.
  const traced = await parseTemplate(
    "names.md",
    source.replace("title: Letters", `title: Letters to ${NAMES.join(" ")}`).replace("# Letters", NAMES.map((n) => `# ${n}`).join("\n\n")),
  );
  const capture = new ExplainCapture(traced);
  const out = await renderDocument(traced, record, meta, capture);
  const trace = assembleTrace({
    correlationId: "scripts-46",
    tenantId: "acme",
    kind: "single",
    requestedBy: "test",
    template: traced,
    timings: { ...out.timings, templateLoadMs: 0 },
    facts: out.explain!,
    createdAt: new Date("2026-11-23T10:00:00Z"),
  });
  kinds.set(
    "explain report",
    await renderExplainReport({ trace, mode: "detailed", scorecard: true, templateLines: null, generatedAt: "2026-11-23T10:05:00.000Z" }),
  );
}, 120_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("every kind of PDF draws names in every script the fonts cover", () => {
  it("reads the names from docs/templates.md: Chinese and an emoji among them", () => {
    expect(NAMES).toEqual(expect.arrayContaining(["李小龍", "Zoë 🙂"]));
    expect(NAMES.length).toBeGreaterThanOrEqual(10);
  });

  const KINDS = [
    "template document",
    "intake receipt",
    "sealed workflow record",
    "signature page",
    "signature boxes (flattened)",
    "certificate of completion",
    "explain report",
  ];
  for (const kind of KINDS) {
    it(`${kind}: pdftotext finds every name, and no glyph drawn is .notdef`, async () => {
      const pdf = kinds.get(kind)!;
      const text = searchable(pdftotext(pdf, kind.replace(/\W+/g, "-")));
      for (const name of NAMES) expect(text, `${kind}: ${name}`).toContain(searchable(name));
      expect(text).not.toContain("\ufffd");
      expect(await pdfNotdefGlyphs(pdf)).toEqual([]);
    });
  }

  it('signature boxes: each says "Signed by" the signer\'s name, with the typed mark, in the box', () => {
    const text = pdftotext(kinds.get("signature boxes (flattened)")!, "boxes");
    // For a person to look at: the signature pages as printed.
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    runTool("pdftoppm", ["-r", "110", "-f", "2", "-png", path.join(dir, "boxes.pdf"), path.join(ARTIFACTS, "signature-boxes")]);
    for (const name of NAMES) expect(searchable(text)).toContain(searchable(`Signed by ${name}`));
  });

  for (const kind of [...KINDS.filter((k) => !k.includes("flattened")), "signed record"]) {
    it(`${kind}: every font is embedded (pdffonts) and the PDF/UA checker passes`, async () => {
      const pdf = kinds.get(kind)!;
      const file = path.join(dir, `${kind.replace(/\W+/g, "-")}-fonts.pdf`);
      fs.writeFileSync(file, pdf);
      const fonts = runTool("pdffonts", [file]).out.split("\n").slice(2).filter(Boolean);
      expect(fonts.length).toBeGreaterThan(0);
      // name, type (one or two words), encoding, then emb sub uni: each "yes".
      for (const line of fonts) expect(line, `${kind}: ${line}`).toMatch(/^[A-Z]{6}\+\S+\s.*\byes\s+yes\s+yes\s+\d+\s+\d+\s*$/);
      const report = await checkPdfUa(pdf);
      expect(report.failures).toEqual([]);
    });
  }

  it("the signed record draws its boxes' Chinese and emoji from Noto Sans SC and Noto Emoji, embedded in the signatures' updates", () => {
    const file = path.join(dir, "signed-fonts.pdf");
    fs.writeFileSync(file, kinds.get("signed record")!);
    const withPage = path.join(dir, "page-fonts.pdf");
    fs.writeFileSync(withPage, kinds.get("signature page")!);
    const added = fontsAdded(withPage, file);
    expect(added.some((l) => /\+NotoSansSC/.test(l))).toBe(true);
    expect(added.some((l) => /\+NotoEmoji/.test(l))).toBe(true);
  });
});
