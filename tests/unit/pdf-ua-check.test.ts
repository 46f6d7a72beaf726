import fc from "fast-check";
import { PDFBool, PDFDict, PDFDocument, PDFName, PDFNumber, PDFOperator, PDFString, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { checkPdfUa } from "@/lib/pdf/pdf-ua/check-pdf-ua";
import { readContent } from "@/lib/pdf/pdf-ua/content-stream";
import { renderDocument, type PdfProfile } from "@/lib/pdf/render-document";
import { savePdf } from "@/lib/pdf/save-pdf";
import { loadTemplate } from "@/lib/templates/load-template";
import { useInProcessRenders, useTemplatesDir } from "../support/templates-dir";

// The checker is only worth its passes if it fails what breaks a rule: each test below breaks one.

const LONG = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ");

async function render(profile: PdfProfile = "pdf/ua"): Promise<Uint8Array> {
  const t = await loadTemplate("tagged.md");
  return (await renderDocument(t, { name: "Ada", long: LONG }, { correlationId: "ua-1", title: "Checked" }, undefined, { profile })).pdf;
}

const failedRules = async (pdf: Uint8Array) => (await checkPdfUa(pdf)).failures.map((f) => f.rule).sort();

/** The first structure element of a type in a document (its dictionary). */
function element(doc: PDFDocument, type: string): PDFDict {
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(PDFName.of("S")) === PDFName.of(type)) return obj;
  }
  throw new Error(`no ${type} element`);
}

/** The first link annotation and its page. */
function link(doc: PDFDocument) {
  for (const page of doc.getPages()) {
    for (const ref of page.node.Annots()?.asArray() ?? []) {
      const annot = doc.context.lookup(ref, PDFDict);
      if (annot.get(PDFName.of("Subtype")) === PDFName.of("Link")) return { page, annot };
    }
  }
  throw new Error("no link");
}

useInProcessRenders();
useTemplatesDir();
let pdf: Uint8Array;
beforeAll(async () => {
  pdf = await render();
});

describe("the PDF/UA checker", () => {
  it("passes a document as Sealpost writes it (links, lists, a table, figures, two pages) and counts the rules it checked", async () => {
    const report = await checkPdfUa(pdf);
    expect(report).toMatchObject({ passed: true, failures: [] });
    expect(report.rulesChecked).toBeGreaterThanOrEqual(30);
  });

  it("fails react-pdf's own output on every count, and tagged output in the built-in fonts on the fonts and the claim only", async () => {
    // Its link, too, is outside any structure, without a description, on a page with no tab order.
    expect(await failedRules(await render("untagged"))).toEqual(
      ["5-1", "6.2-1", "7.1-11", "7.1-3", "7.18.3-1", "7.18.5-1", "7.18.5-2", "7.21.4.1-1"].sort(),
    );
    const tagged = await checkPdfUa(await render("tagged"));
    expect(tagged.failures.map((f) => f.rule).sort()).toEqual(["5-1", "7.21.4.1-1"]);
    expect(tagged.failures.find((f) => f.rule === "7.21.4.1-1")!.first).toMatch(/^page 1: Helvetica/);
  });

  const breaks: Array<[string, string[], (doc: PDFDocument) => void | Promise<void>]> = [
    ["no document language", ["7.2-34"], (doc) => void doc.catalog.delete(PDFName.of("Lang"))],
    ["a language that is no language tag", ["7.2-29"], (doc) => doc.catalog.set(PDFName.of("Lang"), PDFString.of("english please"))],
    ["MarkInfo gone", ["6.2-1"], (doc) => void doc.catalog.delete(PDFName.of("MarkInfo"))],
    [
      "Suspects true",
      ["7.1-4"],
      (doc) => doc.context.lookup(doc.catalog.get(PDFName.of("MarkInfo")), PDFDict).set(PDFName.of("Suspects"), PDFBool.True),
    ],
    ["the title not shown", ["7.1-10"], (doc) => void doc.catalog.delete(PDFName.of("ViewerPreferences"))],
    ["no metadata", ["5-1", "7.1-8", "7.1-9"], (doc) => void doc.catalog.delete(PDFName.of("Metadata"))],
    ["a page with a link but no tab order", ["7.18.3-1"], (doc) => void link(doc).page.node.delete(PDFName.of("Tabs"))],
    ["a link without Contents", ["7.18.5-2"], (doc) => void link(doc).annot.delete(PDFName.of("Contents"))],
    ["a link outside the structure tree", ["7.18.5-1"], (doc) => void link(doc).annot.delete(PDFName.of("StructParent"))],
    ["a figure without alternative text", ["7.3-1"], (doc) => void element(doc, "Figure").delete(PDFName.of("Alt"))],
    ["a header cell without a scope", ["7.5-1"], (doc) => void element(doc, "TH").delete(PDFName.of("A"))],
    ["a list item holding a paragraph", ["7.2-20"], (doc) => element(doc, "LBody").set(PDFName.of("S"), PDFName.of("P"))],
    ["a header row that is not one", ["7.2-3", "7.2-8"], (doc) => element(doc, "TR").set(PDFName.of("S"), PDFName.of("Div"))],
    ["list items outside a list", ["7.2-17"], (doc) => element(doc, "L").set(PDFName.of("S"), PDFName.of("Div"))],
    ["a heading level skipped", ["7.4.2-1"], (doc) => element(doc, "H2").set(PDFName.of("S"), PDFName.of("H4"))],
    [
      "a text drawn outside marked content, in a font not embedded",
      ["7.1-3", "7.21.4.1-1"],
      async (doc) => doc.getPage(0).drawText("stray", { x: 50, y: 50, size: 9, font: await doc.embedFont(StandardFonts.Helvetica) }),
    ],
    [
      "tagged content inside an artifact (in a font not embedded)",
      ["7.1-2", "7.21.4.1-1"],
      async (doc) => {
        const page = doc.getPage(0);
        const font = await doc.embedFont(StandardFonts.Helvetica);
        // MCID 0 of page 1 is real content of the tree: marked again inside an artifact.
        page.pushOperators(
          PDFOperator.of("BMC" as never, [PDFName.of("Artifact")]),
          PDFOperator.of("BDC" as never, [PDFName.of("P"), doc.context.obj({ MCID: PDFNumber.of(0) }) as never]),
        );
        page.drawText("inside", { x: 50, y: 40, size: 9, font });
        page.pushOperators(PDFOperator.of("EMC" as never), PDFOperator.of("EMC" as never));
      },
    ],
  ];
  for (const [what, rules, breakIt] of breaks) {
    it(`fails ${rules.join(", ")}: ${what}`, async () => {
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      await breakIt(doc);
      const failed = await failedRules(await savePdf(doc));
      // The rules broken, and no other.
      expect(failed).toEqual([...rules].sort());
    });
  }

  it("finds a widget annotation outside a Form element and without a description", async () => {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    const form = doc.getForm();
    form
      .createTextField("note")
      .addToPage(doc.getPage(0), { x: 50, y: 60, width: 100, height: 20, font: await doc.embedFont(StandardFonts.Helvetica) });
    const rules = await failedRules(await savePdf(doc));
    expect(rules).toEqual(expect.arrayContaining(["7.18.4-1", "7.18.1-3"]));
    expect(rules).not.toContain("7.18.3-1"); // page 1 has a link already, and says Tabs /S
  });

  it("reads any nesting of artifacts and tagged content around what is drawn (generated content streams)", () => {
    type Node = { kind: "draw"; op: string } | { kind: "artifact" | "tagged"; mcid: number; body: Node[] };
    const node: fc.Memo<Node> = fc.memo((depth) =>
      depth <= 0
        ? fc.record({
            kind: fc.constant("draw" as const),
            op: fc.constantFrom<string>("(a b) Tj", "[(x) 120 (y)] TJ", "0 0 10 10 re f", "/Im1 Do", "10 10 m 20 20 l S", "(q\\)Q) '"),
          })
        : fc.oneof(
            fc.record({ kind: fc.constant("draw" as const), op: fc.constantFrom<string>("(a) Tj", "0 0 1 1 re f") }),
            fc.record({
              kind: fc.constantFrom("artifact" as const, "tagged" as const),
              mcid: fc.nat(50),
              body: fc.array(node(depth - 1), { maxLength: 4 }),
            }),
          ),
    );
    const write = (n: Node): string =>
      n.kind === "draw"
        ? `q BT /F1 9 Tf ${n.op} ET Q`
        : `${n.kind === "artifact" ? "/Artifact BMC" : `/P <</MCID ${n.mcid} /Lang (en)>> BDC`}\n${n.body.map(write).join("\n")}\nEMC`;
    // What each drawing should be inside, outermost first.
    const expected = (n: Node, marks: string[]): string[][] =>
      n.kind === "draw" ? [marks] : n.body.flatMap((b) => expected(b, [...marks, n.kind === "artifact" ? "Artifact" : `P ${n.mcid}`]));
    fc.assert(
      fc.property(fc.array(node(4), { maxLength: 6 }), (nodes) => {
        const read = readContent(new TextEncoder().encode(nodes.map(write).join("\n")));
        expect(read.unbalanced).toBe(false);
        expect(read.items.map((i) => i.marks.map((m) => (m.mcid === undefined ? m.tag : `${m.tag} ${m.mcid}`)))).toEqual(
          nodes.flatMap((n) => expected(n, [])),
        );
        if (read.items.some((i) => !["Do", "S", "f"].includes(i.operator))) expect([...read.fonts]).toEqual(["F1"]);
      }),
      { numRuns: 200 },
    );
  });

  it("answers for damaged files too: a report or an error, never a hang (generated byte changes)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(pdf.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }),
        async (changes) => {
          const bytes = new Uint8Array(pdf);
          for (const [at, value] of changes) bytes[at] = value;
          const outcome = await checkPdfUa(bytes).then(
            (r) => r,
            (e: unknown) => e,
          );
          expect(outcome instanceof Error || (typeof outcome === "object" && outcome !== null && "passed" in outcome)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });
});
