import type { Nodes, Paragraph, Parent, Root, RootContent } from "mdast";
import { displayValue, lookup } from "./tokens";

const TOKEN = /\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g;
const SECTION = /^\{\{\s*([#/])\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}$/;

type Scope = Array<Record<string, unknown>>;
type Position = RootContent["position"];

/**
 * Watches a binding for explain traces. Only passed when a trace is wanted, so a render without
 * explain takes none of these calls.
 */
export interface BindRecorder {
  /** `depth` is the scope that had the key: 0 the innermost section item, scope.length - 1 the record; -1 none. */
  token(key: string, value: unknown, depth: number, text: string, at: Position | undefined): void;
  section(key: string, value: unknown, at: Position | undefined, closed: boolean): void;
  enterItem(key: string, index: number): void;
  leaveItem(): void;
}

/**
 * Inserts record data into an already parsed body. Data only ever lands in text values, so a value
 * holding Markdown or HTML stays literal text and can never become a link, image or markup.
 * `{{#list}}` … `{{/list}}`, each marker in a paragraph of its own, repeats the blocks between them
 * for every item of the array `list`; inside, keys resolve on the item first, then the record.
 */
export function bindBody(body: Root, record: Record<string, unknown>, rec?: BindRecorder): Root {
  return { ...body, children: bindChildren(body.children, [record], rec) } as Root;
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

function depthOf(scope: Scope, key: string): number {
  return scope.findIndex((s) => lookup(s, key) !== undefined);
}

function bindChildren(children: RootContent[], scope: Scope, rec: BindRecorder | undefined): RootContent[] {
  const out: RootContent[] = [];
  for (let i = 0; i < children.length; i++) {
    const marker = sectionMarker(children[i]);
    if (marker?.open) {
      const end = children.findIndex((c, j) => j > i && sectionMarker(c)?.key === marker.key && !sectionMarker(c)!.open);
      rec?.section(marker.key, resolve(scope, marker.key), children[i].position, end > i);
      if (end > i) {
        const inner = children.slice(i + 1, end);
        const items = resolve(scope, marker.key);
        for (const [n, item] of (Array.isArray(items) ? items : []).entries()) {
          const itemScope = item !== null && typeof item === "object" ? (item as Record<string, unknown>) : { ".": item };
          rec?.enterItem(marker.key, n);
          for (const bound of bindChildren(inner, [itemScope, ...scope], rec)) appendMerging(out, bound);
          rec?.leaveItem();
        }
        i = end;
        continue;
      }
    }
    out.push(bindNode(children[i], scope, rec) as RootContent);
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

function bindNode(node: Nodes, scope: Scope, rec: BindRecorder | undefined): Nodes {
  if (node.type === "text" || node.type === "inlineCode" || node.type === "code") {
    const fill = rec
      ? (_: string, key: string) => {
          const depth = depthOf(scope, key);
          const value = depth < 0 ? undefined : lookup(scope[depth], key);
          const text = displayValue(value);
          rec.token(key, value, depth, text, node.position);
          return text;
        }
      : (_: string, key: string) => displayValue(resolve(scope, key));
    return { ...node, value: node.value.replace(TOKEN, fill) };
  }
  if ("children" in node) {
    const parent = node as Parent;
    return { ...parent, children: bindChildren(parent.children as RootContent[], scope, rec) } as Nodes;
  }
  return { ...node };
}

/** Plain text of a bound body, for checks and explain traces. */
export function plainText(node: Nodes): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  if ("children" in node) return (node as Parent).children.map((c) => plainText(c as Nodes)).join(node.type === "root" ? "\n" : "");
  return "";
}
