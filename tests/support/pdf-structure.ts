import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/** One element of a tagged PDF's structure tree, as poppler reads it. */
export interface StructNode {
  type: string;
  /** Attribute lines, such as "/Scope /Column". */
  attributes: string[];
  /** The element's own text, one string per marked-content run (a block split across pages has several). */
  text: string[];
  children: StructNode[];
  /** Its text runs and child elements in their order (a Link inside a paragraph's text). */
  content: Array<string | StructNode>;
  /** References to annotations (a Link's), as "Object 20 0". */
  objects: string[];
}

async function withFile<T>(bytes: Uint8Array, read: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "sealpost-struct-"));
  try {
    const file = path.join(dir, "document.pdf");
    await writeFile(file, bytes);
    return await read(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The structure tree as poppler's `pdfinfo -struct-text` prints it (a reader other than the one that
 * wrote it): two spaces of indent per level, an element's type (with " (block)" or a ":" before its
 * attribute lines), its text runs in quotes.
 */
export async function readStructure(bytes: Uint8Array): Promise<StructNode[]> {
  const out = await withFile(
    bytes,
    async (file) => (await promisify(execFile)("pdfinfo", ["-struct-text", file], { maxBuffer: 64 * 1024 * 1024 })).stdout,
  );
  const roots: StructNode[] = [];
  const stack: Array<{ depth: number; node: StructNode }> = [];
  // A text with line breaks continues over several lines, up to its closing quote.
  let open: StructNode | null = null;
  for (const line of out.split("\n")) {
    if (open) {
      const end = line.endsWith('"');
      const more = `\n${end ? line.slice(0, -1) : line}`;
      open.text[open.text.length - 1] += more;
      open.content[open.content.length - 1] += more;
      if (end) open = null;
      continue;
    }
    if (!line.trim()) continue;
    const depth = line.length - line.trimStart().length;
    const body = line.trim();
    // A line belongs to the nearest element above it with less indent (texts and attributes too).
    while (stack.length && stack.at(-1)!.depth >= depth) stack.pop();
    const parent = stack.at(-1)?.node;
    if (body.startsWith('"')) {
      const closed = body.length > 1 && body.endsWith('"');
      const text = body.slice(1, closed ? -1 : undefined);
      parent?.text.push(text);
      parent?.content.push(text);
      if (!closed && parent) open = parent;
    } else if (body.startsWith("/")) parent?.attributes.push(body);
    else if (/^Object \d+ \d+$/.test(body)) parent?.objects.push(body);
    else {
      const node: StructNode = {
        type: body.replace(/:$/, "").replace(/ \(\w+\)$/, ""),
        attributes: [],
        text: [],
        children: [],
        content: [],
        objects: [],
      };
      if (parent) {
        parent.children.push(node);
        parent.content.push(node);
      } else roots.push(node);
      stack.push({ depth, node });
    }
  }
  return roots;
}

/** Every element of a tree, depth first (reading order). */
export const allNodes = (nodes: StructNode[]): StructNode[] => nodes.flatMap((n) => [n, ...allNodes(n.children)]);

/** The whole text of an element and its descendants, in reading order. */
export const textOf = (n: StructNode): string =>
  n.content
    .map((c) => (typeof c === "string" ? c : textOf(c)))
    .join(" ")
    .replace(/\s+/g, " ")
    .replace(/ ([.,;:!?])/g, "$1")
    .trim();

/** What a tagged PDF says of itself, read with qpdf --json: the catalog's entries and every Figure's alternate text. */
export async function readTaggedCatalog(bytes: Uint8Array): Promise<{
  lang?: string;
  marked: boolean;
  displayDocTitle: boolean;
  figureAlts: string[];
  /** Every link annotation: its target, its description, and whether the structure tree points at it. */
  links: Array<{ uri?: string; contents?: string; inStructure: boolean }>;
}> {
  const json = await withFile(
    bytes,
    async (file) => (await promisify(execFile)("qpdf", ["--json", "--json-key=qpdf", file], { maxBuffer: 64 * 1024 * 1024 })).stdout,
  );
  const objects = JSON.parse(json).qpdf[1] as Record<string, { value?: Record<string, unknown> }>;
  const value = (ref: unknown) => (typeof ref === "string" ? objects[`obj:${ref}`]?.value : (ref as Record<string, unknown> | undefined));
  const all = Object.values(objects).map((o) => o.value ?? {});
  const catalog = all.find((v) => v["/Type"] === "/Catalog")!;
  const str = (s: unknown) => (typeof s === "string" ? s.replace(/^u:/, "") : undefined);
  return {
    lang: str(catalog["/Lang"]),
    marked: value(catalog["/MarkInfo"])?.["/Marked"] === true,
    displayDocTitle: value(catalog["/ViewerPreferences"])?.["/DisplayDocTitle"] === true,
    figureAlts: all.filter((v) => v["/S"] === "/Figure").map((v) => str(v["/Alt"]) ?? ""),
    links: Object.entries(objects)
      .filter(([, o]) => o.value?.["/Subtype"] === "/Link")
      .map(([key, o]) => ({
        uri: str(value(o.value!["/A"])?.["/URI"]),
        contents: str(o.value!["/Contents"]),
        inStructure:
          all.some((v) => v["/Type"] === "/OBJR" && v["/Obj"] === key.replace(/^obj:/, "")) ||
          all.some(
            (v) =>
              Array.isArray(v["/K"]) &&
              (v["/K"] as unknown[]).some((k) => (k as Record<string, unknown>)?.["/Obj"] === key.replace(/^obj:/, "")),
          ),
      })),
  };
}

/** A page's tags as the parent tree resolves them: its marked content and its annotations. */
export interface PageTags {
  /** Every /MCID operand in content order, with the type of the element it belongs to. */
  marked: Array<{ mcid: number; element?: string }>;
  /** Every annotation, with the type of the element that its /StructParent gives and that holds it as an OBJR. */
  annotations: Array<{ subtype: string; element?: string }>;
}

/**
 * Every page's tags resolved as a reader does (read with qpdf --json, undefined where the chain
 * breaks): a marked-content sequence through the page's /StructParents entry of the catalog's
 * parent tree, the MCID-th element there, which must claim that MCID on this page (in its /K, with
 * its own /Pg or an MCR's); an annotation through its /StructParent entry, an element holding an
 * OBJR to it.
 */
export async function readPageTags(bytes: Uint8Array): Promise<PageTags[]> {
  const args = ["--json", "--json-key=pages", "--json-key=qpdf", "--json-stream-data=inline", "--decode-level=generalized"];
  const json = await withFile(
    bytes,
    async (file) => (await promisify(execFile)("qpdf", [...args, file], { maxBuffer: 256 * 1024 * 1024 })).stdout,
  );
  const parsed = JSON.parse(json) as {
    pages: Array<{ object: string; contents: string[] }>;
    qpdf: [unknown, Record<string, { value?: unknown; stream?: { data?: string; dict: unknown } }>];
  };
  const objects = parsed.qpdf[1];
  type Dict = Record<string, unknown>;
  const deref = (v: unknown): unknown =>
    typeof v === "string" && / R$/.test(v) ? (objects[`obj:${v}`]?.value ?? objects[`obj:${v}`]?.stream?.dict) : v;
  const catalog = Object.values(objects)
    .map((o) => o.value as Dict | undefined)
    .find((v) => v?.["/Type"] === "/Catalog")!;
  const parentTree = new Map<number, unknown>();
  const readNumberTree = (node: unknown) => {
    const dict = deref(node) as Dict | undefined;
    const nums = (deref(dict?.["/Nums"]) as unknown[] | undefined) ?? [];
    for (let i = 0; i + 1 < nums.length; i += 2) parentTree.set(nums[i] as number, nums[i + 1]);
    for (const kid of (deref(dict?.["/Kids"]) as unknown[] | undefined) ?? []) readNumberTree(kid);
  };
  readNumberTree((deref(catalog["/StructTreeRoot"]) as Dict | undefined)?.["/ParentTree"]);
  const kidsOf = (element: Dict) => [deref(element["/K"])].flat().map(deref);
  const claimsMcid = (element: Dict, mcid: number, page: string) =>
    kidsOf(element).some((kid) =>
      typeof kid === "number"
        ? kid === mcid && element["/Pg"] === page
        : (kid as Dict | undefined)?.["/MCID"] === mcid && ((kid as Dict)["/Pg"] ?? element["/Pg"]) === page,
    );
  const holdsObject = (element: Dict, ref: string) =>
    kidsOf(element).some((kid) => (kid as Dict | undefined)?.["/Type"] === "/OBJR" && (kid as Dict)["/Obj"] === ref);
  const typeOf = (element: Dict | undefined, holds: (e: Dict) => boolean) =>
    element && holds(element) ? String(element["/S"]).slice(1) : undefined;
  return parsed.pages.map((page) => {
    const dict = deref(page.object) as Dict;
    const content = page.contents
      .map((ref) => Buffer.from(objects[`obj:${ref}`]?.stream?.data ?? "", "base64").toString("latin1"))
      .join("\n");
    const byMcid = deref(parentTree.get(dict["/StructParents"] as number)) as unknown[] | undefined;
    const marked = [...content.matchAll(/\/MCID\s+(\d+)/g)]
      .map((m) => Number(m[1]))
      .map((mcid) => ({ mcid, element: typeOf(deref(byMcid?.[mcid]) as Dict | undefined, (e) => claimsMcid(e, mcid, page.object)) }));
    const annotations = ((deref(dict["/Annots"]) as string[] | undefined) ?? []).map((ref) => {
      const annotation = deref(ref) as Dict;
      const element = deref(parentTree.get(annotation["/StructParent"] as number)) as Dict | undefined;
      return { subtype: String(annotation["/Subtype"]).slice(1), element: typeOf(element, (e) => holdsObject(e, ref)) };
    });
    return { marked, annotations };
  });
}

/**
 * How the file is written, read with qpdf --show-xref: objects packed in object streams, objects
 * written plain, and the version its header declares. Whether it is whole is expectQpdfClean's.
 */
export async function readFileLayout(bytes: Uint8Array): Promise<{ packed: number; plain: number; pdfVersion?: string }> {
  const xref = await withFile(bytes, async (file) =>
    (await promisify(execFile)("qpdf", ["--show-xref", file], { maxBuffer: 64 * 1024 * 1024 })).stdout.split("\n"),
  );
  return {
    packed: xref.filter((l) => /: compressed;/.test(l)).length,
    plain: xref.filter((l) => /: uncompressed;/.test(l)).length,
    pdfVersion: /^%PDF-(\d\.\d)/.exec(new TextDecoder("latin1").decode(bytes.subarray(0, 16)))?.[1],
  };
}

/** The fonts a PDF draws with, as poppler's pdffonts lists them (a subset's name with its tag, "ABCDEF+Arimo-Regular"). */
export async function pdfFontNames(bytes: Uint8Array): Promise<string[]> {
  const out = await withFile(bytes, async (file) => (await promisify(execFile)("pdffonts", [file])).stdout);
  return out
    .split("\n")
    .slice(2)
    .filter(Boolean)
    .map((line) => line.split(/\s+/)[0]);
}
