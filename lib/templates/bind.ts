import type { Nodes, Paragraph, Parent, Root, RootContent } from "mdast";
import { displayValue, lookup } from "./tokens";

const TOKEN = /\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g;
const SECTION = /^\{\{\s*([#/])\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}$/;

type Scope = Array<Record<string, unknown>>;

/**
 * Inserts record data into an already parsed body. Data only ever lands in text values, so a value
 * holding Markdown or HTML stays literal text and can never become a link, image or markup.
 * `{{#list}}` … `{{/list}}`, each marker in a paragraph of its own, repeats the blocks between them
 * for every item of the array `list`; inside, keys resolve on the item first, then the record.
 */
export function bindBody(body: Root, record: Record<string, unknown>): Root {
  return { ...body, children: bindChildren(body.children, [record]) } as Root;
}

function sectionMarker(n: RootContent): { open: boolean; key: string } | null {
  if (n.type !== "paragraph") return null;
  const p = n as Paragraph;
  if (p.children.length !== 1 || p.children[0].type !== "text") return null;
  const m = SECTION.exec(p.children[0].value.trim());
  return m ? { open: m[1] === "#", key: m[2] } : null;
}

function resolve(scope: Scope, key: string): unknown {
  for (const s of scope) {
    const v = lookup(s, key);
    if (v !== undefined) return v;
  }
  return undefined;
}

function bindChildren(children: RootContent[], scope: Scope): RootContent[] {
  const out: RootContent[] = [];
  for (let i = 0; i < children.length; i++) {
    const marker = sectionMarker(children[i]);
    if (marker?.open) {
      const end = children.findIndex((c, j) => j > i && sectionMarker(c)?.key === marker.key && !sectionMarker(c)!.open);
      if (end > i) {
        const inner = children.slice(i + 1, end);
        const items = resolve(scope, marker.key);
        for (const item of Array.isArray(items) ? items : []) {
          const itemScope = item !== null && typeof item === "object" ? (item as Record<string, unknown>) : { ".": item };
          for (const bound of bindChildren(inner, [itemScope, ...scope])) appendMerging(out, bound);
        }
        i = end;
        continue;
      }
    }
    out.push(bindNode(children[i], scope) as RootContent);
  }
  return out;
}

/** A list repeated per item reads as one list of all the items, not as many lists of one. */
function appendMerging(out: RootContent[], node: RootContent): void {
  const last = out.at(-1);
  if (last?.type === "list" && node.type === "list" && last.ordered === node.ordered) {
    out[out.length - 1] = { ...last, spread: false, children: [...last.children, ...node.children] };
  } else out.push(node);
}

function bindNode(node: Nodes, scope: Scope): Nodes {
  if (node.type === "text" || node.type === "inlineCode" || node.type === "code") {
    return { ...node, value: node.value.replace(TOKEN, (_, key: string) => displayValue(resolve(scope, key))) };
  }
  if ("children" in node) {
    const parent = node as Parent;
    return { ...parent, children: bindChildren(parent.children as RootContent[], scope) } as Nodes;
  }
  return { ...node };
}

/** Plain text of a bound body, for checks and explain traces. */
export function plainText(node: Nodes): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  if ("children" in node) return (node as Parent).children.map((c) => plainText(c as Nodes)).join(node.type === "root" ? "\n" : "");
  return "";
}
