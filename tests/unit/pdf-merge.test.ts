import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { mergePdfs } from "@/lib/pdf/merge";
import { checkPdfUa } from "@/lib/pdf/pdf-ua/check-pdf-ua";
import { renderDocument, type PdfProfile } from "@/lib/pdf/render-document";
import { loadTemplate } from "@/lib/templates/load-template";
import { sampleRecord } from "@/lib/templates/sample-record";
import { readPageTags, readStructure, readTaggedCatalog, type StructNode } from "../support/pdf-structure";
import { useInProcessRenders } from "../support/templates-dir";

// A combined batch PDF is tagged like its records: read back with poppler and qpdf, which did not write it.
const LONG = Array.from({ length: 900 }, (_, i) => `word${i}`).join(" ");
const meta = { correlationId: "merge-1", title: "Combined" };

async function render(dir: string, template: string, record?: Record<string, unknown>, profile: PdfProfile = "pdf/ua") {
  process.env.TEMPLATES_DIR = path.resolve(dir);
  resetEnvCache();
  const t = await loadTemplate(template);
  return (
    await renderDocument(
      t,
      record ?? sampleRecord(t.fields, t.patterns),
      { correlationId: `record-${template}`, title: template },
      undefined,
      { profile },
    )
  ).pdf;
}

async function run(tool: string, args: string[], bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "sealpost-merge-"));
  try {
    const file = path.join(dir, "document.pdf");
    await writeFile(file, bytes);
    return (await promisify(execFile)(tool, [...args, file], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const pageCount = async (pdf: Uint8Array) => Number(/^Pages:\s+(\d+)/m.exec(await run("pdfinfo", [], pdf))![1]);
/** The XMP packet, as poppler reads it. */
const xmp = (pdf: Uint8Array) => run("pdfinfo", ["-meta"], pdf);
/** How many objects of each /Type the file holds, as qpdf reads it. */
async function typeCounts(pdf: Uint8Array): Promise<Record<string, number>> {
  const objects = Object.values(
    JSON.parse(await run("qpdf", ["--json", "--json-key=qpdf"], pdf)).qpdf[1] as Record<string, { value?: Record<string, unknown> }>,
  );
  const counts: Record<string, number> = {};
  for (const type of objects.map((o) => o.value?.["/Type"]).filter((t): t is string => typeof t === "string"))
    counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}
/** A tree without its annotations' object numbers, which differ between a record and the combined file. */
const withoutObjectNumbers = (nodes: StructNode[]): unknown[] =>
  nodes.map((n) => ({
    ...n,
    objects: n.objects.length,
    children: withoutObjectNumbers(n.children),
    content: n.content.map((c) => (typeof c === "string" ? c : withoutObjectNumbers([c])[0])),
  }));

/** The record with its Document element taken out, its top elements held by the tree's root itself (as ISO 32000 allows). */
async function withoutDocumentElement(pdf: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const rootRef = doc.catalog.get(PDFName.of("StructTreeRoot")) as PDFRef;
  const root = doc.context.lookup(rootRef, PDFDict);
  const tops = root.lookup(PDFName.of("K"), PDFArray).lookup(0, PDFDict).lookup(PDFName.of("K"), PDFArray);
  for (const top of tops.asArray()) doc.context.lookup(top, PDFDict).set(PDFName.of("P"), rootRef);
  root.set(PDFName.of("K"), tops);
  return doc.save();
}

useInProcessRenders();

describe("a combined PDF of tagged records", () => {
  let records: Uint8Array[];
  let merged: Uint8Array;
  beforeAll(async () => {
    // Different documents, so that an element resolved through another record's keys shows.
    records = [
      await render("tests/fixtures/templates", "tagged.md", { name: "Ada", long: LONG }),
      await render("templates", "notice.md"),
      await render("templates", "statement.md"),
      await render("tests/fixtures/templates", "tagged.md", { name: "Bo", long: "Short." }),
    ];
    merged = await mergePdfs(records, meta);
  });

  it("holds every record's pages, in order", async () => {
    const counts = await Promise.all(records.map(pageCount));
    expect(counts[0]).toBeGreaterThan(1);
    expect(await pageCount(merged)).toBe(counts.reduce((a, b) => a + b));
  });

  it("has one Document holding a Part per record, each the record's own tree", async () => {
    const roots = await readStructure(merged);
    expect(roots.map((r) => r.type)).toEqual(["Document"]);
    expect(roots[0].children.map((p) => p.type)).toEqual(records.map(() => "Part"));
    const own = await Promise.all(records.map(async (r) => (await readStructure(r))[0]));
    expect(own.map((root) => root.type)).toEqual(records.map(() => "Document"));
    roots[0].children.forEach((part, i) => expect(withoutObjectNumbers(part.children)).toEqual(withoutObjectNumbers(own[i].children)));
  });

  it("resolves every marked-content sequence and link on every page through the parent tree to its element, as in its record", async () => {
    const pages = await readPageTags(merged);
    const own = (await Promise.all(records.map(readPageTags))).flat();
    expect(pages.flatMap((p) => p.marked).length).toBeGreaterThan(0);
    for (const page of pages) {
      for (const m of page.marked) expect(m.element, `MCID ${m.mcid}`).toBeDefined();
      for (const a of page.annotations) expect(a.element, a.subtype).toBe("Link");
    }
    expect(pages).toEqual(own);
  });

  it("keeps every link, once, pointed at by the structure tree", async () => {
    const own = (await Promise.all(records.map(readTaggedCatalog))).flatMap((c) => c.links);
    expect(own.length).toBeGreaterThan(1);
    expect((await readTaggedCatalog(merged)).links).toEqual(own.map((l) => ({ ...l, inStructure: true })));
  });

  it("says it is tagged, in the first record's language, with its title shown, and PDF/UA as every record is", async () => {
    expect(await readTaggedCatalog(merged)).toMatchObject({ lang: "de-DE", marked: true, displayDocTitle: true });
    for (const record of records) expect(await xmp(record)).toContain("pdfuaid:part");
    expect(await xmp(merged)).toMatch(/<pdfuaid:part>1<\/pdfuaid:part>/);
  });

  it("holds each page once and one structure tree (no record's own root, no page copied twice)", async () => {
    expect(await typeCounts(merged)).toMatchObject({ "/Page": await pageCount(merged), "/StructTreeRoot": 1 });
  });

  it("passes the PDF/UA rules, as each record does", async () => {
    expect((await checkPdfUa(merged)).failures).toEqual([]);
  });

  it("passes qpdf's check", async () => {
    // execFile rejects on qpdf's exit code for errors (2) or warnings (3).
    await expect(run("qpdf", ["--check"], merged)).resolves.toContain("No syntax or stream encoding errors found");
  });
});

describe("a combined PDF of a record without a Document element", () => {
  it("holds that record's top elements in a Part of their own", async () => {
    const bare = await withoutDocumentElement(await render("tests/fixtures/templates", "tagged.md", { name: "Ada", long: "Short." }));
    const own = await readStructure(bare);
    expect(own.map((n) => n.type)).toContain("H1");
    const merged = await mergePdfs([await render("templates", "notice.md"), bare], meta);
    const [document] = await readStructure(merged);
    expect(document.children.map((p) => p.type)).toEqual(["Part", "Part"]);
    expect(withoutObjectNumbers(document.children[1].children)).toEqual(withoutObjectNumbers(own));
    for (const page of await readPageTags(merged)) for (const m of page.marked) expect(m.element, `MCID ${m.mcid}`).toBeDefined();
    expect(await typeCounts(merged)).toMatchObject({ "/StructTreeRoot": 1 });
  });
});

describe("a combined PDF of records not all PDF/UA", () => {
  it("is tagged but does not say PDF/UA when a record is tagged in the built-in fonts", async () => {
    const merged = await mergePdfs(
      [await render("templates", "notice.md"), await render("templates", "notice.md", undefined, "tagged")],
      meta,
    );
    expect((await readStructure(merged))[0].children.map((p) => p.type)).toEqual(["Part", "Part"]);
    expect(await xmp(merged)).not.toContain("pdfuaid");
  });

  it("is untagged when a record is untagged, with all the records' pages", async () => {
    const records = [await render("templates", "notice.md"), await render("templates", "notice.md", undefined, "untagged")];
    const merged = await mergePdfs(records, meta);
    expect(await readStructure(merged)).toEqual([]);
    expect((await readTaggedCatalog(merged)).marked).toBe(false);
    expect(await xmp(merged)).not.toContain("pdfuaid");
    expect(await pageCount(merged)).toBe((await Promise.all(records.map(pageCount))).reduce((a, b) => a + b));
  });
});
