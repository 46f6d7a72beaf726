import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { translatorFor } from "@/lib/i18n/translator";
import { renderDocument } from "@/lib/pdf/render-document";
import { renderCompletionCertificate } from "@/lib/pdf/completion-certificate";
import { checkPdfUa } from "@/lib/pdf/pdf-ua/check-pdf-ua";
import { renderReceipt } from "@/lib/pdf/receipt";
import { renderSealedWorkflow, type SealedWorkflowInput } from "@/lib/pdf/sealed-workflow";
import { loadTemplate } from "@/lib/templates/load-template";
import { sampleRecord } from "@/lib/templates/sample-record";
import { pdfText } from "../support/pdf";
import { expectQpdfClean } from "../support/pdf-tools";
import {
  allNodes,
  pdfFontNames,
  readFileLayout,
  readStructure,
  readTaggedCatalog,
  textOf,
  type StructNode,
} from "../support/pdf-structure";
import { useInProcessRenders } from "../support/templates-dir";

// Documents are tagged PDF: a screen reader follows the structure tree, read back here with poppler
// (pdfinfo -struct-text) and qpdf, neither of which wrote it.
const LONG = Array.from({ length: 900 }, (_, i) => `word${i}`).join(" ");
const meta = { correlationId: "tagged-1", title: "Tagged check" };

/**
 * Every word pdftotext reads on the pages is in the structure tree, except the footer's and the page
 * number's (artifacts, `pageNumber` in the document's language), which the tree does not hold.
 */
async function expectOnlyArtifactsUntagged(pdf: Uint8Array, root: StructNode, footer: string, pageNumber = "page 1 of 1"): Promise<void> {
  const treeText = textOf(root);
  const artifacts = new Set(`${footer} ${pageNumber}`.split(" "));
  // Within the tree's text, not as its words: poppler joins the lines of one text without a space.
  expect((await pdfText(pdf)).split(" ").filter((w) => !artifacts.has(w) && !treeText.includes(w))).toEqual([]);
  expect(treeText).not.toContain(pageNumber);
}

/** The document passes every PDF/UA rule the checker decides (lib/pdf/pdf-ua), read from the file. */
async function expectPdfUa(pdf: Uint8Array): Promise<void> {
  expect((await checkPdfUa(pdf)).failures).toEqual([]);
}

/** A table's rows, each cell as its type (with its attributes) and its text. */
const rows = (t: StructNode) =>
  t.children.map((r) => r.children.map((c) => `${c.type}${c.attributes.length ? `(${c.attributes.join(" ")})` : ""} ${textOf(c)}`));
const headingsOf = (root: StructNode) =>
  allNodes(root.children)
    .filter((n) => /^H\d$/.test(n.type))
    .map((n) => `${n.type} ${textOf(n)}`);

async function render(dir: string, template: string, record?: Record<string, unknown>) {
  process.env.TEMPLATES_DIR = path.resolve(dir);
  resetEnvCache();
  const t = await loadTemplate(template);
  return (await renderDocument(t, record ?? sampleRecord(t.fields, t.patterns), meta)).pdf;
}

useInProcessRenders();

describe("tagged PDF structure", () => {
  let pdf: Uint8Array;
  let root: StructNode;
  beforeAll(async () => {
    pdf = await render("tests/fixtures/templates", "tagged.md", { name: "Ada", long: LONG });
    const roots = await readStructure(pdf);
    expect(roots.map((r) => r.type)).toEqual(["Document"]);
    root = roots[0];
  });

  it("gives the blocks in the template's order, headings with their level and text", () => {
    expect(root.children.map((n) => n.type)).toEqual(["H1", "P", "H2", "L", "H2", "Table", "Figure", "BlockQuote", "H3", "P", "P"]);
    expect(root.children.filter((n) => /^H\d$/.test(n.type)).map((n) => `${n.type} ${textOf(n)}`)).toEqual([
      "H1 Structure for Ada",
      "H2 What is included",
      "H2 Charges",
      "H3 Long section",
    ]);
    expect(textOf(root.children[1])).toBe("An opening paragraph with a link and bold words.");
  });

  it("gives a link in running text a Link element inside its paragraph, holding the link's text and its annotation", async () => {
    const paragraph = root.children[1];
    expect(paragraph.content.map((c) => (typeof c === "string" ? c.trim() : `${c.type}: ${textOf(c)}`))).toEqual([
      "An opening paragraph with",
      "Link: a link",
      "and bold words.",
    ]);
    expect(paragraph.children[0].objects).toHaveLength(1);
    expect((await readTaggedCatalog(pdf)).links).toEqual([
      { uri: "https://example.com/terms", contents: "https://example.com/terms", inStructure: true },
    ]);
  });

  it("gives every list item its label and body, nested lists inside the body; a bulleted list's bullets are artifacts", async () => {
    const list = root.children[3];
    expect(list.attributes).toEqual(["/ListNumbering /Decimal"]);
    expect(list.children.map((li) => li.type)).toEqual(["LI", "LI"]);
    for (const li of list.children) expect(li.children.map((c) => c.type)).toEqual(["Lbl", "LBody"]);
    expect(list.children.map((li) => textOf(li.children[0]))).toEqual(["1.", "2."]);
    // An item of one paragraph is its body itself; an item with more holds them in its body.
    expect(list.children[0].children[1].children).toEqual([]);
    expect(textOf(list.children[0].children[1])).toBe("First step");
    expect(list.children[1].children[1].children.map((c) => c.type)).toEqual(["P", "L"]);
    expect(textOf(list.children[1].children[1].children[0])).toBe("Second step");
    const nested = list.children[1].children[1].children[1];
    expect(nested.attributes).toEqual(["/ListNumbering /Disc"]);
    expect(nested.children.map((li) => li.children.map((c) => `${c.type} ${textOf(c)}`))).toEqual([["LBody nested point"]]);
    // The bullet is drawn, and is the one word outside the tree besides the footer's.
    expect(await pdfText(pdf)).toContain("• nested point");
  });

  it("leaves outside the tree only the footer, the page numbers and the bullets (artifacts)", async () => {
    // The fixture is in German (de-DE): its page numbers too.
    await expectOnlyArtifactsUntagged(pdf, root, `${meta.correlationId} •`, translatorFor("de")("document.pageNumber", { n: 1, total: 1 }));
    await expectPdfUa(pdf);
  });

  it("gives the table its rows, the first one header cells scoped to their column", () => {
    const rows = root.children[5].children;
    expect(rows.map((r) => r.type)).toEqual(["TR", "TR", "TR"]);
    expect(rows[0].children.map((c) => [c.type, textOf(c), c.attributes.join(" ")])).toEqual([
      ["TH", "Item", "/Scope /Column"],
      ["TH", "Amount", "/Scope /Column"],
    ]);
    expect(rows.slice(1).map((r) => r.children.map((c) => `${c.type} ${textOf(c)}`))).toEqual([
      ["TD Fee", "TD 10.00"],
      ["TD Tax", "TD 2.00"],
    ]);
  });

  it("keeps a paragraph split over pages one element, its parts in reading order", async () => {
    const long = root.children[9];
    expect(long.text.length).toBeGreaterThan(1);
    expect(textOf(long)).toBe(LONG);
    expect((await readTaggedCatalog(pdf)).figureAlts).toEqual(["Company banner"]);
  });

  it("says it is tagged, in the template's language, with its title shown, and passes the PDF/UA rules", async () => {
    expect(await readTaggedCatalog(pdf)).toMatchObject({ lang: "de-DE", marked: true, displayDocTitle: true });
    await expectPdfUa(pdf);
  });
});

describe("the demo templates", () => {
  for (const template of ["notice.md", "statement.md"]) {
    it(`${template}: every word on the page is in the structure tree, except the footer and page numbers (artifacts)`, async () => {
      const pdf = await render("templates", template);
      const [root] = await readStructure(pdf);
      expect(root.type).toBe("Document");
      expect(headingsOf(root).length).toBeGreaterThan(0);
      await expectOnlyArtifactsUntagged(pdf, root, meta.correlationId);
      await expectPdfUa(pdf);
    });

    it(`${template}: a whole PDF 1.7 file to qpdf, its objects packed in an object stream, each face one subset (the page numbers' glyphs in the text's)`, async () => {
      const pdf = await render("templates", template);
      expectQpdfClean(pdf);
      const file = await readFileLayout(pdf);
      expect(file.pdfVersion).toBe("1.7");
      // What stays outside are streams: page contents, font files, their maps, the XMP and the object stream itself.
      expect(file.packed).toBeGreaterThan(2 * file.plain);
      const faces = (await pdfFontNames(pdf)).map((f) => f.replace(/^[A-Z]{6}\+/, ""));
      expect(faces).toContain("Arimo-Regular");
      expect(faces).toEqual([...new Set(faces)]);
    });
  }
});

/** What a screen reader meets, in order: each element as its type and its own text, indented by depth. */
const readingOrder = (n: StructNode, depth = 0): string[] => [
  `${"  ".repeat(depth)}${n.type}${n.text.length ? ` ${n.text.join(" ").trim()}` : ""}`,
  ...n.children.flatMap((c) => readingOrder(c, depth + 1)),
];

describe("the demo templates read back in a screen reader's order", () => {
  it("notice.md: the title, the greeting and body, the table row by row with its column headers, the closing", async () => {
    const [root] = await readStructure(
      await render("templates", "notice.md", {
        customerName: "Ann Smith",
        customerId: "C1001",
        plan: "basic",
        amountDue: 120.5,
        dueDate: "2026-12-28",
        installments: 3,
        autopay: true,
        accountManager: "Kim Lee",
      }),
    );
    expect(readingOrder(root)).toEqual([
      "Document",
      "  H1 Payment notice",
      "  P Dear Ann Smith,",
      "  P this notice concerns your basic plan (customer number C1001).",
      "  Table",
      "    TR",
      "      TH Item",
      "      TH Value",
      ...[
        ["Amount due", "€120.50"],
        ["Due date", "28 December 2026"],
        ["Installments", "3"],
        ["Autopay", "Yes"],
      ].flatMap(([k, v]) => ["    TR", `      TD ${k}`, `      TD ${v}`]),
      "  P If you have questions, your account manager Kim Lee is glad to help.",
      "  P This document was sent through Sealpost.",
    ]);
  });

  it("statement.md: the title, the period, the transactions as a list of as many items, the closing balance", async () => {
    const lines = Array.from({ length: 3 }, (_, i) => ({ date: `2026-11-0${i + 1}`, description: `Entry ${i + 1}`, amount: 10 * (i + 1) }));
    const [root] = await readStructure(
      await render("templates", "statement.md", {
        accountId: "A-1001",
        holder: "Ann Smith",
        period: "2026-11-30",
        balance: 60,
        currency: "EUR",
        lines,
      }),
    );
    expect(readingOrder(root)).toEqual([
      "Document",
      "  H1 Statement for Ann Smith",
      "  P Account A-1001, period ending 30 November 2026.",
      "  H2 Transactions",
      "  L",
      ...lines.flatMap((l) => ["    LI", `      LBody ${l.date}: ${l.description}, ${l.amount} EUR`]),
      "  P Closing balance: 60 EUR",
    ]);
  });
});

describe("a sealed workflow record", () => {
  const input: SealedWorkflowInput = {
    workflowId: "00000000-0000-4000-8000-000000000031",
    correlationId: "sealed-tagged-1",
    title: "Supplier onboarding",
    documentId: "DOC-31",
    exception: {
      justification: "Known supplier",
      failedRules: ["vat-format"],
      by: "approver@acme.test",
      at: "28 November 2026 at 10:05 UTC",
      stage: 1,
    },
    templatePath: "workflow/onboarding.md",
    templateVersion: "a".repeat(64),
    initiator: "ann@acme.test",
    createdAt: "28 November 2026 at 10:00 UTC",
    sealedAt: "28 November 2026 at 11:00 UTC",
    steps: [
      {
        title: "Company",
        fields: [
          { key: "name", label: "Legal name", value: "Globex GmbH" },
          { key: "vat", label: "VAT number", value: "DE123" },
        ],
      },
      { title: "Bank", fields: [{ key: "iban", label: "IBAN", value: "DE89 3704 0044 0532 0130 00" }] },
    ],
    validationOutcome: "failed",
    results: [
      {
        ruleId: "vat-format",
        result: "Failed",
        tone: "red",
        severity: "Error",
        message: "VAT number has the wrong form",
        field: "VAT number",
      },
    ],
    history: [
      {
        at: "28 November 2026 at 10:05 UTC",
        action: "Approved",
        stage: 1,
        by: "approver@acme.test",
        comment: "ok",
        changes: ["VAT number checked by phone"],
      },
    ],
    audit: [
      { at: "28 November 2026 at 10:00:00 UTC", what: "Started", kind: "workflow.created", actor: "ann@acme.test", summary: "created" },
    ],
  };

  it("reads as headings, the collected data as tables with each field's label as its row header, and the history and audit trail as tables", async () => {
    const pdf = await renderSealedWorkflow(input);
    const [root] = await readStructure(pdf);
    expect(root.type).toBe("Document");
    expect(headingsOf(root)).toEqual([
      "H1 Sealed workflow record",
      "H2 Collected data",
      "H3 Step 1: Company",
      "H3 Step 2: Bank",
      "H2 Rule results (validation failed)",
      "H2 Approved with exception",
      "H2 Approval history",
      "H2 Audit trail",
    ]);
    const tables = allNodes(root.children).filter((n) => n.type === "Table");
    expect(rows(tables[0])[0]).toEqual(["TH(/Scope /Row) Workflow id", `TD ${input.workflowId}`]);
    expect(rows(tables[1])).toEqual([
      ["TH(/Scope /Row) Legal name", "TD Globex GmbH"],
      ["TH(/Scope /Row) VAT number", "TD DE123"],
    ]);
    expect(rows(tables[2])).toEqual([["TH(/Scope /Row) IBAN", "TD DE89 3704 0044 0532 0130 00"]]);
    expect(rows(tables[3])).toEqual([["TD Failed", "TD Error", "TD vat-format", "TD VAT number has the wrong form (VAT number)"]]);
    expect(rows(tables[5])).toEqual([
      ["TD 28 November 2026 at 10:05 UTC", "TD Approved (stage 1)", "TD approver@acme.test: ok – VAT number checked by phone"],
    ]);
    // The event in words, its kind after them for auditors.
    expect(rows(tables[6])).toEqual([["TD 28 November 2026 at 10:00:00 UTC", "TD Started workflow.created", "TD ann@acme.test – created"]]);
    await expectOnlyArtifactsUntagged(pdf, root, `${input.correlationId} · sealed ${input.sealedAt}`);
    await expectPdfUa(pdf);
  });
});

describe("an intake receipt", () => {
  it("reads as headings, the batch's facts with their names as row headers, and the records needing attention as a table", async () => {
    const pdf = await renderReceipt({
      batchId: "batch-0031",
      correlationId: "receipt-tagged-1",
      title: "November notices",
      templatePath: "notice.md",
      submittedBy: "crm@acme.test",
      submittedAt: "2026-11-28T10:00:00.000Z",
      state: "pending-approval",
      readiness: "PARTIAL",
      counts: { total: 3, ready: 2, warning: 0, invalid: 1 },
      records: [
        { index: 0, status: "ready", messages: [], fileName: "notice-1.pdf" },
        { index: 1, status: "invalid", messages: ["amountDue: not a number"], fileName: null },
        { index: 2, status: "ready", messages: [], fileName: "notice-3.pdf" },
      ],
    });
    const [root] = await readStructure(pdf);
    expect(headingsOf(root)).toEqual(["H1 Batch intake receipt", "H2 Records needing attention", "H2 Ready records"]);
    const [facts, flagged] = allNodes(root.children).filter((n) => n.type === "Table");
    expect(rows(facts).map((r) => r[0])).toEqual(
      ["Batch id", "Correlation id", "Template", "Submitted by", "Submitted at", "State", "Dispatch readiness"].map(
        (k) => `TH(/Scope /Row) ${k}`,
      ),
    );
    expect(rows(flagged)).toEqual([["TD 2", "TD Invalid", "TD –", "TD amountDue: not a number"]]);
    await expectOnlyArtifactsUntagged(pdf, root, "batch-0031");
    await expectPdfUa(pdf);
  });
});

describe("a certificate of completion", () => {
  it("reads as headings, tables with column headers for revisions and the hash chain, and each signer's facts and events", async () => {
    const hash = (c: string) => c.repeat(64);
    const pdf = await renderCompletionCertificate({
      workflowId: "00000000-0000-4000-8000-000000000031",
      correlationId: "cert-tagged-1",
      title: "Supplier contract",
      organization: "Acme",
      outcome: "complete",
      outcomeLine: "Signed by Ann Example and Bo Smith.",
      facts: [{ label: "Workflow", value: "00000000-0000-4000-8000-000000000031" }],
      revisions: [
        { revision: 0, madeBy: "Sealpost (sealing)", at: "28 November 2026 at 10:00:00 UTC", sha256: hash("a") },
        { revision: 1, madeBy: "Ann Example", at: "28 November 2026 at 10:05:00 UTC", sha256: hash("b") },
      ],
      signers: [
        {
          heading: "1. Ann Example (Requester)",
          facts: [{ label: "E-mail", value: "ann@example.com" }],
          events: [{ at: "28 November 2026 at 10:05:00 UTC", what: "Signature applied", details: ["from 203.0.113.7", hash("c")] }],
        },
      ],
      chain: {
        genesis: hash("d"),
        head: hash("e"),
        links: [
          {
            n: 1,
            eventId: 7,
            at: "28 November 2026 at 10:05:00 UTC",
            what: "Signature added to the document",
            kind: "signer.signed",
            hash: hash("e"),
          },
        ],
      },
      issuedAt: "28 November 2026 at 10:06:00 UTC",
    });
    const [root] = await readStructure(pdf);
    expect(headingsOf(root)).toEqual([
      "H1 Certificate of completion",
      "H2 Document revisions",
      "H2 Signers",
      "H3 1. Ann Example (Requester)",
      "H2 Activity hash chain",
    ]);
    const tables = allNodes(root.children).filter((n) => n.type === "Table");
    expect(rows(tables[1])).toEqual([
      ["TH(/Scope /Column) Revision", "TH(/Scope /Column) Made by", "TH(/Scope /Column) Time", "TH(/Scope /Column) SHA-256"],
      ["TD 0", "TD Sealpost (sealing)", "TD 28 November 2026 at 10:00:00 UTC", `TD ${hash("a")}`],
      ["TD 1", "TD Ann Example", "TD 28 November 2026 at 10:05:00 UTC", `TD ${hash("b")}`],
    ]);
    expect(rows(tables[3])).toEqual([["TD 28 November 2026 at 10:05:00 UTC", "TD Signature applied", `TD from 203.0.113.7 ${hash("c")}`]]);
    expect(rows(tables[4])).toEqual([
      ["TH(/Scope /Row) Start", `TD ${hash("d")}`],
      ["TH(/Scope /Row) Head (last link)", `TD ${hash("e")}`],
    ]);
    expect(rows(tables[5])[0]).toEqual(["#", "Event", "Time", "What happened", "Link hash"].map((h) => `TH(/Scope /Column) ${h}`));
    expect(rows(tables[5])[1]).toEqual([
      "TD 1",
      "TD 7",
      "TD 28 November 2026 at 10:05:00 UTC",
      "TD Signature added to the document signer.signed",
      `TD ${hash("e")}`,
    ]);
    await expectOnlyArtifactsUntagged(pdf, root, "cert-tagged-1 · certificate of completion");
    await expectPdfUa(pdf);
  });
});
