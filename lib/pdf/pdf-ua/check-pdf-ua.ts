import {
  decodePDFRawStream,
  ParseSpeeds,
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from "pdf-lib";
import { readContent } from "./content-stream";
import { PDF_UA_RULES, type PdfUaRule } from "./rules";
import { readStructureTree, standardType, type StructElement, type StructureTree } from "./structure-tree";

/** A rule a document breaks: how often, and where first. */
export interface PdfUaFailure {
  rule: PdfUaRule;
  description: string;
  count: number;
  /** The first place it happens ("page 2: a text drawn outside marked content"). */
  first: string;
}

export interface PdfUaReport {
  /** True when no rule checked here fails (what a person must judge is not checked). */
  passed: boolean;
  rulesChecked: number;
  failures: PdfUaFailure[];
}

/** The rules' findings, gathered by rule: a count and the first place each. */
class Findings {
  private readonly byRule = new Map<PdfUaRule, { count: number; first: string }>();
  fail(rule: PdfUaRule, where: string) {
    const f = this.byRule.get(rule);
    if (f) f.count++;
    else this.byRule.set(rule, { count: 1, first: where });
  }
  report(): PdfUaReport {
    const failures = [...this.byRule].map(([rule, f]) => ({ rule, description: PDF_UA_RULES[rule], ...f }));
    return { passed: failures.length === 0, rulesChecked: Object.keys(PDF_UA_RULES).length, failures };
  }
}

const LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$/;
const streamBytes = (s: PDFObject | undefined): Uint8Array =>
  s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : s instanceof PDFStream ? s.getContents() : new Uint8Array();

/**
 * Checks a PDF against the PDF/UA-1 rules a machine can decide (lib/pdf/pdf-ua/rules.ts, by
 * veraPDF's rule ids), reading the file itself: the catalog and metadata, the structure tree, every
 * page's content stream and annotations, and the fonts drawn with.
 */
export async function checkPdfUa(pdf: Uint8Array): Promise<PdfUaReport> {
  // Run in render threads (traced renders): pdf-lib's default parse waits a timer tick after every
  // 100 objects (idle time), and a render thread holds no event loop anyone waits on.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  const findings = new Findings();
  checkCatalog(doc, findings);
  const tree = readStructureTree(doc);
  if (!tree.root) findings.fail("7.1-11", "the catalog has no StructTreeRoot");
  checkElements(tree, findings);
  doc.getPages().forEach((page, i) => checkPage(doc, page, i + 1, tree, findings));
  return findings.report();
}

function checkCatalog(doc: PDFDocument, findings: Findings): void {
  const ctx = doc.context;
  const catalog = doc.catalog;
  const markInfo = ctx.lookupMaybe(catalog.get(PDFName.of("MarkInfo")), PDFDict);
  if (markInfo?.get(PDFName.of("Marked")) !== PDFBool.True) findings.fail("6.2-1", "the catalog");
  if (markInfo?.get(PDFName.of("Suspects")) === PDFBool.True) findings.fail("7.1-4", "the catalog's MarkInfo");
  const prefs = ctx.lookupMaybe(catalog.get(PDFName.of("ViewerPreferences")), PDFDict);
  if (prefs?.get(PDFName.of("DisplayDocTitle")) !== PDFBool.True) findings.fail("7.1-10", "the catalog");
  const lang = ctx.lookup(catalog.get(PDFName.of("Lang")));
  const langText = lang && "decodeText" in lang ? (lang as { decodeText(): string }).decodeText() : undefined;
  if (!langText) findings.fail("7.2-34", "the catalog has no Lang");
  else if (!LANGUAGE_TAG.test(langText)) findings.fail("7.2-29", `the catalog's Lang "${langText}"`);
  const metadata = ctx.lookup(catalog.get(PDFName.of("Metadata")));
  if (!(metadata instanceof PDFStream) || metadata.dict.get(PDFName.of("Subtype"))?.toString() !== "/XML") {
    findings.fail("7.1-8", "the catalog");
    findings.fail("7.1-9", "no metadata");
    findings.fail("5-1", "no metadata");
    return;
  }
  const xmp = new TextDecoder().decode(streamBytes(metadata));
  if (!/<dc:title>[\s\S]*?<rdf:li[^>]*>[^<]+<\/rdf:li>/.test(xmp)) findings.fail("7.1-9", "the XMP metadata");
  if (!/<pdfuaid:part>1<\/pdfuaid:part>|pdfuaid:part="1"/.test(xmp)) findings.fail("5-1", "the XMP metadata");
}

/** The standard type of the element's parent. */
const parentType = (tree: StructureTree, e: StructElement) => (e.parent ? standardType(tree, e.parent.type) : undefined);

function checkElements(tree: StructureTree, findings: Findings): void {
  let lastHeading = 0;
  for (const e of tree.elements) {
    const type = standardType(tree, e.type);
    const kids = e.children.map((c) => standardType(tree, c.type));
    const where = `a ${type}${e.parent ? ` in a ${parentType(tree, e)}` : ""}`;
    if (type === "Figure" && !e.alt && e.actualText === undefined) findings.fail("7.3-1", "a Figure without Alt");
    const level = /^H([1-6])$/.exec(type);
    if (level) {
      const n = Number(level[1]);
      if (n > lastHeading + 1)
        findings.fail("7.4.2-1", lastHeading ? `an H${n} after an H${lastHeading}` : `the first heading is an H${n}`);
      lastHeading = n;
    }
    if (e.lang !== undefined && !LANGUAGE_TAG.test(e.lang)) findings.fail("7.2-29", `${where}: Lang "${e.lang}"`);
    if (type === "Table" && kids.some((k) => !["TR", "THead", "TBody", "TFoot", "Caption"].includes(k))) findings.fail("7.2-3", where);
    if (type === "TR" && !["Table", "THead", "TBody", "TFoot"].includes(parentType(tree, e) ?? "")) findings.fail("7.2-4", where);
    if (type === "TR" && kids.some((k) => k !== "TH" && k !== "TD")) findings.fail("7.2-10", where);
    if (type === "TH" && parentType(tree, e) !== "TR") findings.fail("7.2-8", where);
    if (type === "TD" && parentType(tree, e) !== "TR") findings.fail("7.2-9", where);
    if (type === "TH" && !e.attributes.Table?.Scope && !tableNamesHeaders(tree, e)) findings.fail("7.5-1", "a TH without Scope");
    if (type === "LI" && parentType(tree, e) !== "L") findings.fail("7.2-17", where);
    if (type === "LBody" && parentType(tree, e) !== "LI") findings.fail("7.2-18", where);
    if (type === "L" && kids.some((k) => !["L", "LI", "Caption"].includes(k)))
      findings.fail("7.2-19", `an L holding a ${kids.find((k) => !["L", "LI", "Caption"].includes(k))}`);
    if (type === "LI" && kids.some((k) => k !== "Lbl" && k !== "LBody"))
      findings.fail("7.2-20", `an LI holding a ${kids.find((k) => k !== "Lbl" && k !== "LBody")}`);
  }
}

/** Whether the TH's table gives its cells /Headers (then a Scope is not needed). */
function tableNamesHeaders(tree: StructureTree, th: StructElement): boolean {
  let table: StructElement | undefined = th;
  while (table && standardType(tree, table.type) !== "Table") table = table.parent;
  const cells = (e: StructElement): StructElement[] => e.children.flatMap((c) => [c, ...cells(c)]);
  return Boolean(table && cells(table).some((c) => c.headers));
}

function checkPage(doc: PDFDocument, page: PDFPage, n: number, tree: StructureTree, findings: Findings): void {
  const ctx = doc.context;
  const key = page.node.get(PDFName.of("StructParents"));
  const mcids = key instanceof PDFNumber ? tree.parentTree.get(key.asNumber()) : undefined;
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((c) => ctx.lookup(c)) : [contents];
  const bytes = streams.map((s) => streamBytes(s ?? undefined));
  const joined = new Uint8Array(bytes.reduce((sum, b) => sum + b.length + 1, 0));
  let at = 0;
  for (const b of bytes) {
    joined.set(b, at);
    joined[at + b.length] = 0x0a;
    at += b.length + 1;
  }
  const content = readContent(joined);
  for (const item of content.items) {
    const artifact = item.marks.findIndex((m) => m.tag === "Artifact");
    const tagged = item.marks.findIndex((m) => m.mcid !== undefined && Array.isArray(mcids) && mcids[m.mcid] !== undefined);
    const what =
      item.operator === "Do" || item.operator === "BI" ? "an image" : ["Tj", "TJ", "'", '"'].includes(item.operator) ? "a text" : "a path";
    if (artifact < 0 && tagged < 0) findings.fail("7.1-3", `page ${n}: ${what} drawn outside any artifact or tagged content`);
    else if (artifact >= 0 && tagged >= 0) findings.fail(artifact > tagged ? "7.1-1" : "7.1-2", `page ${n}: ${what}`);
  }
  checkFonts(doc, page.node.Resources(), content.fonts, `page ${n}`, findings);
  checkAnnotations(doc, page, n, tree, findings);
}

function checkAnnotations(doc: PDFDocument, page: PDFPage, n: number, tree: StructureTree, findings: Findings): void {
  const ctx = doc.context;
  const annots = page.node.Annots();
  if (!annots || annots.size() === 0) return;
  if (page.node.get(PDFName.of("Tabs"))?.toString() !== "/S") findings.fail("7.18.3-1", `page ${n}`);
  for (const a of annots.asArray()) {
    const annot = ctx.lookupMaybe(a, PDFDict);
    if (!annot) continue;
    const subtype = annot.get(PDFName.of("Subtype"))?.toString().slice(1) ?? "";
    const hidden = ((ctx.lookupMaybe(annot.get(PDFName.of("F")), PDFNumber)?.asNumber() ?? 0) & 2) === 2;
    if (hidden || subtype === "Popup") continue;
    const key = annot.get(PDFName.of("StructParent"));
    const owner = key instanceof PDFNumber ? tree.parentTree.get(key.asNumber()) : undefined;
    const element = owner && !Array.isArray(owner) ? owner : undefined;
    const ownerType = element ? standardType(tree, element.type) : undefined;
    const contents = annot.get(PDFName.of("Contents"));
    const where = `page ${n}: a ${subtype} annotation`;
    if (subtype === "Link") {
      if (ownerType !== "Link") findings.fail("7.18.5-1", where);
      if (!contents) findings.fail("7.18.5-2", where);
    } else if (subtype === "Widget") {
      if (ownerType !== "Form") findings.fail("7.18.4-1", where);
      const field = ctx.lookupMaybe(annot.get(PDFName.of("Parent")), PDFDict) ?? annot;
      if (!field.get(PDFName.of("TU")) && !element?.alt) findings.fail("7.18.1-3", where);
    } else if (subtype !== "PrinterMark") {
      if (ownerType !== "Annot") findings.fail("7.18.1-1", where);
      if (!contents && !element?.alt) findings.fail("7.18.1-2", where);
    }
    // An annotation's appearance draws with fonts too.
    const appearance = ctx.lookupMaybe(annot.get(PDFName.of("AP")), PDFDict);
    const normal = appearance && ctx.lookup(appearance.get(PDFName.of("N")));
    if (normal instanceof PDFStream) {
      const resources = ctx.lookupMaybe(normal.dict.get(PDFName.of("Resources")), PDFDict);
      checkFonts(doc, resources, readContent(streamBytes(normal)).fonts, where, findings);
    }
  }
}

function checkFonts(doc: PDFDocument, resources: PDFDict | undefined, used: Set<string>, where: string, findings: Findings): void {
  const ctx = doc.context;
  const fonts = ctx.lookupMaybe(resources?.get(PDFName.of("Font")), PDFDict);
  for (const name of used) {
    const font = ctx.lookupMaybe(fonts?.get(PDFName.of(name)), PDFDict);
    if (!font) continue;
    const subtype = font.get(PDFName.of("Subtype"))?.toString();
    if (subtype === "/Type3") continue;
    const base = font.get(PDFName.of("BaseFont"))?.toString().slice(1) ?? name;
    let descriptorOwner: PDFDict | undefined = font;
    if (subtype === "/Type0") {
      descriptorOwner = ctx.lookupMaybe(ctx.lookupMaybe(font.get(PDFName.of("DescendantFonts")), PDFArray)?.get(0), PDFDict);
      if (!font.get(PDFName.of("ToUnicode"))) findings.fail("7.21.7-1", `${where}: ${base}`);
    }
    const descriptor = ctx.lookupMaybe(descriptorOwner?.get(PDFName.of("FontDescriptor")), PDFDict);
    const embedded = ["FontFile", "FontFile2", "FontFile3"].some((k) => descriptor?.get(PDFName.of(k)) instanceof PDFRef);
    if (!embedded) findings.fail("7.21.4.1-1", `${where}: ${base}`);
  }
}
