import { decodePDFRawStream, PDFDict, PDFDocument, PDFNumber, PDFObjectCopier, PDFRawStream, PDFRef, type PDFObject } from "pdf-lib";
import { stampDocument, type DocumentMeta } from "./metadata";
import { savePdf } from "./save-pdf";
import { copyPagesWith, copyTopElements, name, nextParentKey, offsetStructParents, parentTreeEntries } from "./structure-copy";

/*
 * Combined mode. Every record's PDF is tagged (a structure tree under one Document element), and
 * the combined one is too: each record's tree becomes a Part of one Document (see structure-copy.ts
 * for how pages and trees are copied together).
 */

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
  copyPagesWith(out, src, copier);
  // Before the parent tree: its elements lead up to the source's root until the Part leaves it behind.
  tree.parts.push(copyPart(out, src, root, copier, documentRef));
  const entries = parentTreeEntries(src, root.get(name("ParentTree")));
  for (const [key, value] of entries) tree.nums.push(PDFNumber.of(key + tree.nextKey), copier.copy(value));
  copyRoleMap(root, copier, tree.roleMap);
  offsetStructParents(out, firstCopied, tree.nextKey);
  tree.nextKey += nextParentKey(root, entries);
  // The first record's language (a later one's only when it names none: PDF/UA wants one).
  tree.lang ??= src.catalog.has(name("Lang")) ? copier.copy(src.catalog.get(name("Lang"))!) : undefined;
  tree.pdfUa &&= saysPdfUa(src);
}

/**
 * The source's tree as one Part of the output's Document: its Document element retyped, or a new
 * Part around its top elements when it has no single Document element.
 */
function copyPart(out: PDFDocument, src: PDFDocument, root: PDFDict, copier: PDFObjectCopier, documentRef: PDFRef): PDFRef {
  const copied = copyTopElements(src, root, copier);
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

/** Role maps name custom types by standard ones; the sources' are joined (the first naming a type wins). */
function copyRoleMap(root: PDFDict, copier: PDFObjectCopier, into: PDFDict): void {
  const roleMap = root.lookupMaybe(name("RoleMap"), PDFDict);
  for (const [key, value] of roleMap?.entries() ?? []) if (!into.has(key)) into.set(key, copier.copy(value));
}

/** The output's structure tree: one Document holding a Part per source, and the catalog saying it is tagged. */
function writeTree(out: PDFDocument, tree: MergedTree, documentRef: PDFRef): void {
  const rootRef = out.context.nextRef();
  out.context.assign(documentRef, out.context.obj({ S: "Document", P: rootRef, K: tree.parts }));
  const root = out.context.obj({
    Type: "StructTreeRoot",
    K: documentRef,
    ParentTree: out.context.obj({ Nums: tree.nums }),
    ParentTreeNextKey: tree.nextKey,
  });
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
