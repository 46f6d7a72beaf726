import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, PDFNumber, type PDFObject, PDFRef, PDFString } from "pdf-lib";

/** One structure element as the rules read it. */
export interface StructElement {
  ref?: PDFRef;
  type: string;
  parent?: StructElement;
  children: StructElement[];
  alt?: string;
  actualText?: string;
  lang?: string;
  /** The element's attribute dictionaries' entries, by owner (/O): { Table: { Scope: "Column" } }. */
  attributes: Record<string, Record<string, string>>;
  /** Whether any TD names its headers (/Headers). */
  headers: boolean;
  /** Annotations it holds (OBJR). */
  objects: PDFRef[];
}

export interface StructureTree {
  root?: StructElement;
  /** Every element, depth first: the reading order. */
  elements: StructElement[];
  /** Parent-tree key → the element of each MCID (an array) or of an annotation (one element). */
  parentTree: Map<number, Array<StructElement | undefined> | StructElement | undefined>;
  roleMap: Map<string, string>;
}

const text = (o: PDFObject | undefined) => (o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : undefined);
const name = (o: PDFObject | undefined) => (o instanceof PDFName ? o.decodeText() : undefined);

/** The structure tree of a document, or an empty one when it has none. */
export function readStructureTree(doc: PDFDocument): StructureTree {
  const ctx = doc.context;
  const tree: StructureTree = { elements: [], parentTree: new Map(), roleMap: new Map() };
  const rootDict = ctx.lookupMaybe(doc.catalog.get(PDFName.of("StructTreeRoot")), PDFDict);
  if (!rootDict) return tree;
  const roleMap = ctx.lookupMaybe(rootDict.get(PDFName.of("RoleMap")), PDFDict);
  for (const [k, v] of roleMap?.entries() ?? []) if (name(v)) tree.roleMap.set(k.decodeText(), name(v)!);

  const byRef = new Map<string, StructElement>();
  const visit = (ref: PDFRef | undefined, dict: PDFDict, parent: StructElement | undefined): StructElement | undefined => {
    if (ref && byRef.has(ref.toString())) return undefined; // a cycle or an element listed twice
    const attributes: StructElement["attributes"] = {};
    const attrs = ctx.lookup(dict.get(PDFName.of("A")));
    for (const a of attrs instanceof PDFArray ? attrs.asArray().map((x) => ctx.lookup(x)) : [attrs]) {
      if (!(a instanceof PDFDict)) continue;
      const owner = name(a.get(PDFName.of("O"))) ?? "";
      attributes[owner] = Object.fromEntries(a.entries().map(([k, v]) => [k.decodeText(), name(v) ?? text(v) ?? v.toString()]));
    }
    const element: StructElement = {
      ref,
      type: name(dict.get(PDFName.of("S"))) ?? "",
      parent,
      children: [],
      alt: text(ctx.lookup(dict.get(PDFName.of("Alt")))),
      actualText: text(ctx.lookup(dict.get(PDFName.of("ActualText")))),
      lang: text(ctx.lookup(dict.get(PDFName.of("Lang")))),
      attributes,
      headers: attributes.Table?.Headers !== undefined,
      objects: [],
    };
    if (ref) byRef.set(ref.toString(), element);
    tree.elements.push(element);
    const kids = dict.get(PDFName.of("K"));
    for (const kid of kids instanceof PDFArray ? kids.asArray() : kids ? [kids] : []) {
      const kidDict = ctx.lookup(kid);
      if (!(kidDict instanceof PDFDict)) continue; // an MCID: content of this element
      const kind = name(kidDict.get(PDFName.of("Type")));
      if (kind === "OBJR") {
        const obj = kidDict.get(PDFName.of("Obj"));
        if (obj instanceof PDFRef) element.objects.push(obj);
      } else if (kind !== "MCR") {
        const child = visit(kid instanceof PDFRef ? kid : undefined, kidDict, element);
        if (child) element.children.push(child);
      }
    }
    return element;
  };
  const wrapper: StructElement = { type: "StructTreeRoot", children: [], attributes: {}, headers: false, objects: [] };
  const rootKids = rootDict.get(PDFName.of("K"));
  for (const kid of rootKids instanceof PDFArray ? rootKids.asArray() : rootKids ? [rootKids] : []) {
    const kidDict = ctx.lookup(kid);
    if (kidDict instanceof PDFDict) {
      const child = visit(kid instanceof PDFRef ? kid : undefined, kidDict, wrapper);
      if (child) wrapper.children.push(child);
    }
  }
  tree.root = wrapper;

  const nums: PDFObject[] = [];
  const collect = (node: PDFDict | undefined) => {
    if (!node) return;
    const own = node.get(PDFName.of("Nums"));
    if (own) nums.push(...(ctx.lookup(own, PDFArray).asArray() ?? []));
    const kids = ctx.lookupMaybe(node.get(PDFName.of("Kids")), PDFArray);
    for (const k of kids?.asArray() ?? []) collect(ctx.lookupMaybe(k, PDFDict));
  };
  collect(ctx.lookupMaybe(rootDict.get(PDFName.of("ParentTree")), PDFDict));
  const elementAt = (o: PDFObject) => (o instanceof PDFRef ? byRef.get(o.toString()) : undefined);
  for (let i = 0; i + 1 < nums.length; i += 2) {
    const key = nums[i];
    const value = ctx.lookup(nums[i + 1]);
    if (!(key instanceof PDFNumber)) continue;
    tree.parentTree.set(key.asNumber(), value instanceof PDFArray ? value.asArray().map(elementAt) : elementAt(nums[i + 1]));
  }
  return tree;
}

/** An element's standard type: its own, or what the role map maps it to. */
export const standardType = (tree: StructureTree, type: string) => tree.roleMap.get(type) ?? type;
