import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFObjectCopier, PDFPage, PDFPageLeaf, PDFRawStream, PDFRef, PDFStream, type PDFObject } from "pdf-lib";
import { stampDocument, type DocumentMeta } from "./metadata";
import { savePdf } from "./save-pdf";

/*
 * Combined mode. Every record's PDF is tagged (a structure tree under one Document element), and
 * the combined one is too: each record's tree becomes a Part of one Document. pdf-lib's copyPages
 * leaves the trees behind, and copies a page anew for every reference to it (an annotation's /P),
 * so the pages, their annotations and the tree of one source go through one copier: every
 * reference to a page or a link then meets the same copy.
 */

const name = PDFName.of;
/** Parent-tree entries of a number tree: key and value (an element, or a page's elements by MCID). */
type ParentEntries = Array<[number, PDFObject]>;

/** The merged tree as sources are added: the output's parent tree, its next free key, the Parts. */
interface MergedTree {
  nums: PDFObject[];
  nextKey: number;
  parts: PDFRef[];
  roleMap: PDFDict;
  lang?: PDFObject;
  /** Every source said PDF/UA in its XMP. */
  pdfUa: boolean;
}

/** Combined mode: every record's PDF, in order, in one document stamped with the batch's correlation id. */
export async function mergePdfs(pdfs: Uint8Array[], meta: DocumentMeta): Promise<Uint8Array> {
  // A batch renders every record with one profile: an untagged source (the bench's) means all are.
  return (await mergeTagged(pdfs, meta)) ?? mergeUntagged(pdfs, meta);
}

/** The pages alone, as pdf-lib copies them: for sources without a structure tree. */
async function mergeUntagged(pdfs: Uint8Array[], meta: DocumentMeta): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const bytes of pdfs) {
    const src = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = await out.copyPages(src, src.getPageIndices());
    pages.forEach((p) => out.addPage(p));
  }
  stampDocument(out, meta);
  return save(out);
}

/** The tagged merge, or null as soon as a source turns out untagged. */
async function mergeTagged(pdfs: Uint8Array[], meta: DocumentMeta): Promise<Uint8Array | null> {
  const out = await PDFDocument.create();
  const tree: MergedTree = { nums: [], nextKey: 0, parts: [], roleMap: out.context.obj({}), pdfUa: true };
  const documentRef = out.context.nextRef();
  for (const bytes of pdfs) {
    const src = await PDFDocument.load(bytes, { updateMetadata: false });
    const root = src.catalog.lookupMaybe(name("StructTreeRoot"), PDFDict);
    if (!root) return null;
    addSource(out, src, root, tree, documentRef);
  }
  writeTree(out, tree, documentRef);
  stampDocument(out, meta, { pdfUa: tree.pdfUa });
  return save(out);
}

function addSource(out: PDFDocument, src: PDFDocument, root: PDFDict, tree: MergedTree, documentRef: PDFRef): void {
  const copier = PDFObjectCopier.for(src.context, out.context);
  const firstCopied = out.context.largestObjectNumber + 1;
  copyPages(out, src, copier);
  // Before the parent tree: its elements lead up to the source's root until the Part leaves it behind.
  tree.parts.push(copyPart(out, src, root, copier, documentRef));
  const entries = parentTreeEntries(src, root.get(name("ParentTree")));
  for (const [key, value] of entries) tree.nums.push(PDFNumber.of(key + tree.nextKey), copier.copy(value));
  copyRoleMap(root, copier, tree.roleMap);
  offsetStructParents(out, firstCopied, tree.nextKey);
  // Keys up to the source's own next key are its, used or not.
  const nextKey = root.lookupMaybe(name("ParentTreeNextKey"), PDFNumber)?.asNumber() ?? 0;
  tree.nextKey += Math.max(nextKey, ...entries.map(([key]) => key + 1));
  // The first record's language (a later one's only when it names none: PDF/UA wants one).
  tree.lang ??= src.catalog.has(name("Lang")) ? copier.copy(src.catalog.get(name("Lang"))!) : undefined;
  tree.pdfUa &&= saysPdfUa(src);
}

/**
 * Copies the pages by reference, so that the tree's /Pg and the annotations' /P, copied later by the
 * same copier, land on these copies. The copier moves inherited attributes onto the page, as copyPages.
 */
function copyPages(out: PDFDocument, src: PDFDocument, copier: PDFObjectCopier): void {
  for (const page of src.getPages()) {
    const ref = copier.copy(page.ref) as PDFRef;
    // The copier copies a page as a page leaf without its /Parent, which addPage sets.
    const leaf = out.context.lookup(ref);
    if (!(leaf instanceof PDFPageLeaf)) throw new Error(`Page ${page.ref.toString()} did not copy as a page`);
    out.addPage(PDFPage.of(leaf, ref, out));
  }
}

/** A number tree's entries, its kids' included, in key order. */
function parentTreeEntries(src: PDFDocument, node: PDFObject | undefined): ParentEntries {
  const dict = node && src.context.lookupMaybe(node, PDFDict);
  if (!dict) return [];
  const nums = dict.lookupMaybe(name("Nums"), PDFArray);
  const own: ParentEntries = [];
  for (let i = 0; nums && i + 1 < nums.size(); i += 2) own.push([src.context.lookup(nums.get(i), PDFNumber).asNumber(), nums.get(i + 1)]);
  const kids = dict.lookupMaybe(name("Kids"), PDFArray)?.asArray() ?? [];
  return [...own, ...kids.flatMap((kid) => parentTreeEntries(src, kid))].sort((a, b) => a[0] - b[0]);
}

/**
 * The source's tree as one Part of the output's Document: its Document element retyped, or a new
 * Part around its top elements when it has no single Document element.
 */
function copyPart(out: PDFDocument, src: PDFDocument, root: PDFDict, copier: PDFObjectCopier, documentRef: PDFRef): PDFRef {
  const kids = asList(root.get(name("K")));
  // Their /P is the source's root: copied, it would bring the source's whole parent tree along.
  for (const kid of kids) src.context.lookupMaybe(kid, PDFDict)?.delete(name("P"));
  const copied = kids.map((kid) => copier.copy(kid));
  const only = copied.length === 1 && copied[0] instanceof PDFRef ? out.context.lookupMaybe(copied[0], PDFDict) : undefined;
  if (only?.get(name("S")) === name("Document")) {
    only.set(name("S"), name("Part"));
    only.set(name("P"), documentRef);
    return copied[0] as PDFRef;
  }
  const partRef = out.context.nextRef();
  for (const kid of copied) out.context.lookupMaybe(kid, PDFDict)?.set(name("P"), partRef);
  out.context.assign(partRef, out.context.obj({ S: "Part", P: documentRef, K: copied }));
  return partRef;
}

const asList = (k: PDFObject | undefined): PDFObject[] => (k instanceof PDFArray ? k.asArray() : k ? [k] : []);

/** Role maps name custom types by standard ones; the sources' are joined (the first naming a type wins). */
function copyRoleMap(root: PDFDict, copier: PDFObjectCopier, into: PDFDict): void {
  const roleMap = root.lookupMaybe(name("RoleMap"), PDFDict);
  for (const [key, value] of roleMap?.entries() ?? []) if (!into.has(key)) into.set(key, copier.copy(value));
}

/**
 * Moves the parent-tree keys of everything this source brought (pages' /StructParents,
 * annotations' /StructParent) past the keys of the sources before it. Such objects are indirect
 * (the tree points at an annotation by reference), so the objects copied for this source hold them all.
 */
function offsetStructParents(out: PDFDocument, firstCopied: number, offset: number): void {
  for (let n = firstCopied; n <= out.context.largestObjectNumber; n++) {
    const object = out.context.lookup(PDFRef.of(n));
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : undefined;
    for (const key of [name("StructParents"), name("StructParent")]) {
      const value = dict?.lookupMaybe(key, PDFNumber);
      if (value) dict!.set(key, PDFNumber.of(value.asNumber() + offset));
    }
  }
}

/** The output's structure tree: one Document holding a Part per source, and the catalog saying it is tagged. */
function writeTree(out: PDFDocument, tree: MergedTree, documentRef: PDFRef): void {
  const rootRef = out.context.nextRef();
  out.context.assign(documentRef, out.context.obj({ S: "Document", P: rootRef, K: tree.parts }));
  const root = out.context.obj({ Type: "StructTreeRoot", K: documentRef, ParentTree: out.context.obj({ Nums: tree.nums }), ParentTreeNextKey: tree.nextKey });
  if (tree.roleMap.entries().length) root.set(name("RoleMap"), tree.roleMap);
  out.context.assign(rootRef, root);
  out.catalog.set(name("StructTreeRoot"), rootRef);
  out.catalog.set(name("MarkInfo"), out.context.obj({ Marked: true }));
  if (tree.lang) out.catalog.set(name("Lang"), tree.lang);
}

/** The source's XMP identifies it as PDF/UA (pdfuaid:part, which stampDocument writes for it). */
function saysPdfUa(src: PDFDocument): boolean {
  const stream = src.context.lookup(src.catalog.get(name("Metadata")));
  return stream instanceof PDFRawStream && new TextDecoder().decode(decodePDFRawStream(stream).decode()).includes("pdfuaid:part");
}

// On the jobs' event loop: a pause every 50 objects, as pdf-lib's own save makes.
const save = (out: PDFDocument) => savePdf(out, { objectsPerTick: 50 });
