import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  PDFObjectCopier,
  type PDFObject,
  PDFPage,
  PDFPageLeaf,
  PDFRef,
  PDFStream,
} from "pdf-lib";

/*
 * Copying tagged pages from one PDF into another with their structure. pdf-lib's copyPages leaves
 * the structure tree behind, and copies a page anew for every reference to it (an annotation's /P),
 * so the pages, their annotations and the tree of one source go through one copier: every
 * reference to a page or a link then meets the same copy. Used by the combined batch PDF (merge.ts)
 * and the signature pages appended to a sealed record (lib/signing/pdf/signature-page.tsx).
 */

export const name = PDFName.of;

/** PDF/UA 7.18.3: a page with annotations (links, form fields) gives them in the order of the structure tree. */
export function readAnnotationsInStructureOrder(doc: PDFDocument): void {
  for (const page of doc.getPages()) if (page.node.Annots()) page.node.set(PDFName.of("Tabs"), PDFName.of("S"));
}
/** Parent-tree entries of a number tree: key and value (an element, or a page's elements by MCID). */
export type ParentEntries = Array<[number, PDFObject]>;

export const asList = (k: PDFObject | undefined): PDFObject[] => (k instanceof PDFArray ? k.asArray() : k ? [k] : []);

/**
 * Copies the pages by reference, so that the tree's /Pg and the annotations' /P, copied later by the
 * same copier, land on these copies. The copier moves inherited attributes onto the page, as copyPages.
 */
export function copyPagesWith(out: PDFDocument, src: PDFDocument, copier: PDFObjectCopier): PDFPage[] {
  return src.getPages().map((page) => {
    const ref = copier.copy(page.ref) as PDFRef;
    // The copier copies a page as a page leaf without its /Parent, which addPage sets.
    const leaf = out.context.lookup(ref);
    if (!(leaf instanceof PDFPageLeaf)) throw new Error(`Page ${page.ref.toString()} did not copy as a page`);
    return out.addPage(PDFPage.of(leaf, ref, out));
  });
}

/** A number tree's entries, its kids' included, in key order. */
export function parentTreeEntries(doc: PDFDocument, node: PDFObject | undefined): ParentEntries {
  const dict = node && doc.context.lookupMaybe(node, PDFDict);
  if (!dict) return [];
  const nums = dict.lookupMaybe(name("Nums"), PDFArray);
  const own: ParentEntries = [];
  for (let i = 0; nums && i + 1 < nums.size(); i += 2) own.push([doc.context.lookup(nums.get(i), PDFNumber).asNumber(), nums.get(i + 1)]);
  const kids = dict.lookupMaybe(name("Kids"), PDFArray)?.asArray() ?? [];
  return [...own, ...kids.flatMap((kid) => parentTreeEntries(doc, kid))].sort((a, b) => a[0] - b[0]);
}

/** The first parent-tree key after a source's own (up to its ParentTreeNextKey, used or not). */
export function nextParentKey(root: PDFDict, entries: ParentEntries): number {
  const declared = root.lookupMaybe(name("ParentTreeNextKey"), PDFNumber)?.asNumber() ?? 0;
  return Math.max(declared, ...entries.map(([key]) => key + 1));
}

/**
 * Moves the parent-tree keys of everything a source brought (pages' /StructParents, annotations'
 * /StructParent) by `offset`. Such objects are indirect (the tree points at an annotation by
 * reference), so the objects copied for the source, numbered from `firstCopied`, hold them all.
 */
export function offsetStructParents(out: PDFDocument, firstCopied: number, offset: number): void {
  for (let n = firstCopied; n <= out.context.largestObjectNumber; n++) {
    const object = out.context.lookup(PDFRef.of(n));
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : undefined;
    for (const key of [name("StructParents"), name("StructParent")]) {
      const value = dict?.lookupMaybe(key, PDFNumber);
      if (value) dict!.set(key, PDFNumber.of(value.asNumber() + offset));
    }
  }
}

/**
 * Copies the top elements of a source's tree (the kids of its Document element, or of its root
 * when it has none) with the copier that copied its pages. Their /P pointed into the source's
 * root: copied, it would bring the source's whole parent tree along, so it is dropped first.
 */
export function copyTopElements(src: PDFDocument, root: PDFDict, copier: PDFObjectCopier): PDFObject[] {
  const kids = asList(root.get(name("K")));
  for (const kid of kids) src.context.lookupMaybe(kid, PDFDict)?.delete(name("P"));
  return kids.map((kid) => copier.copy(kid));
}

/**
 * Appends a tagged source's pages to a tagged document, its structure after the document's own:
 * the source's Document element's children join the document's Document element, its parent-tree
 * keys follow the document's. Returns the appended elements (their refs), for the caller to add to.
 */
export function appendTaggedPages(out: PDFDocument, src: PDFDocument): { pages: PDFPage[]; elements: PDFRef[] } {
  const outRoot = out.catalog.lookup(name("StructTreeRoot"), PDFDict);
  const srcRoot = src.catalog.lookup(name("StructTreeRoot"), PDFDict);
  const documentRef = asList(outRoot.get(name("K")))[0];
  const document = out.context.lookup(documentRef, PDFDict);
  if (!(documentRef instanceof PDFRef) || document.get(name("S")) !== name("Document"))
    throw new Error("appendTaggedPages: the document's tree has no Document element at its root");

  const outEntries = parentTreeEntries(out, outRoot.get(name("ParentTree")));
  const offset = nextParentKey(outRoot, outEntries);
  const srcEntries = parentTreeEntries(src, srcRoot.get(name("ParentTree")));
  const copier = PDFObjectCopier.for(src.context, out.context);
  const firstCopied = out.context.largestObjectNumber + 1;
  const pages = copyPagesWith(out, src, copier);

  // The source's own Document element is left behind: its children join the document's.
  const srcTop = asList(srcRoot.get(name("K"))).map((k) => src.context.lookup(k, PDFDict));
  const srcDocument = srcTop.length === 1 && srcTop[0].get(name("S")) === name("Document") ? srcTop[0] : srcRoot;
  const elements = copyTopElements(src, srcDocument, copier).filter((e): e is PDFRef => e instanceof PDFRef);
  for (const e of elements) out.context.lookup(e, PDFDict).set(name("P"), documentRef);
  document.set(name("K"), out.context.obj([...asList(document.get(name("K"))), ...elements]));

  const copied = srcEntries.map(([key, value]): [number, PDFObject] => [key + offset, copier.copy(value)]);
  offsetStructParents(out, firstCopied, offset);
  setParentTree(out, outRoot, [...outEntries, ...copied], offset + nextParentKey(srcRoot, srcEntries));
  return { pages, elements };
}

/** Writes a structure tree root's parent tree (one flat /Nums, keys in order) and its next free key. */
export function setParentTree(out: PDFDocument, root: PDFDict, entries: ParentEntries, nextKey: number): void {
  const nums = [...entries].sort((a, b) => a[0] - b[0]).flatMap(([key, value]) => [PDFNumber.of(key), value]);
  root.set(name("ParentTree"), out.context.obj({ Nums: nums }));
  root.set(name("ParentTreeNextKey"), PDFNumber.of(nextKey));
}
