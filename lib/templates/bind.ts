import type { Nodes, Paragraph, Parent, Root, RootContent, Table, Text } from "mdast";
import { blockMarker, hasInlineMarker, markerHolds, markerProblem, selectBranches, splitInline, type Marker } from "./conditions";
import { formatValue, parsePipes, PIPE_MARK, PIPES, type FormatContext } from "./formatters";
import type { FieldDef } from "./front-matter";
import { lookup } from "./tokens";
import type { Template } from "./types";

/** `{{key}}` or `{{key | formatter:arg | …}}`. */
export const TOKEN = new RegExp(String.raw`\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*(${PIPES})\}\}`, "g");
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
  /** An `{{#if}}` or `{{#unless}}` evaluated: whether its expression held (an unless's branch is taken when it did not). */
  condition(kind: "if" | "unless", expression: string, held: boolean, at: Position | undefined): void;
  enterItem(key: string, index: number): void;
  leaveItem(): void;
}

/**
 * Inserts record data into an already parsed body. Data only ever lands in text values, so a value
 * holding Markdown or HTML stays literal text and can never become a link, image or markup.
 * `{{#list}}` … `{{/list}}`, each marker in a paragraph of its own, repeats the blocks between them
 * for every item of the array `list`; inside, keys resolve on the item first, then the record.
 */
export function bindBody(
  template: Pick<Template, "body" | "fields" | "locale" | "style">,
  record: Record<string, unknown>,
  rec?: BindRecorder,
): Root {
  const b: Binding = {
    rec,
    count: { tokens: 0, filled: 0 },
    fields: new Map(template.fields.map((f) => [f.key, f])),
    format: { locale: template.locale, currency: template.style.currency, lookup: (key) => lookup(record, key) },
  };
  return { ...template.body, children: bindChildren(template.body.children, [record], b) } as Root;
}

interface Binding {
  rec: BindRecorder | undefined;
  /** Tokens bound and those that wrote something, counted per table row: a row whose every token is empty is left out. */
  count: { tokens: number; filled: number };
  /** A field's type gives its value a default format (numbers, dates); section items have no fields. */
  fields: Map<string, FieldDef>;
  format: FormatContext;
}

/** Where each token of a text node starts in the template (set at load by annotateTokens), in order. */
type TokenAt = Array<{ line: number; column: number }>;

function sectionMarker(n: RootContent): { open: boolean; key: string } | null {
  if (n.type !== "paragraph") return null;
  const p = n as Paragraph;
  if (p.children.length !== 1 || p.children[0].type !== "text") return null;
  const m = SECTION.exec(p.children[0].value.trim());
  // `{{/if}}` and `{{/unless}}` close conditions (lib/templates/conditions.ts), not sections.
  return m && m[2] !== "if" && m[2] !== "unless" ? { open: m[1] === "#", key: m[2] } : null;
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

function bindChildren(all: RootContent[], scope: Scope, b: Binding): RootContent[] {
  const rec = b.rec;
  const children = selectBlocks(all, scope, b);
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
          for (const bound of bindChildren(inner, [itemScope, ...scope], b)) appendMerging(out, bound);
          rec?.leaveItem();
        }
        i = end;
        continue;
      }
    }
    out.push(bindNode(children[i], scope, b) as RootContent);
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

/**
 * The blocks of the branches taken. Condition markers inside a section's blocks are left for the
 * section's items to decide (they may name the item's keys), so only markers outside sections count here.
 */
function selectBlocks(children: RootContent[], scope: Scope, b: Binding): RootContent[] {
  if (!children.some((c) => blockMarker(c))) return children;
  let sectionDepth = 0;
  const items = children.map((node) => {
    const section = sectionMarker(node);
    if (section) sectionDepth = Math.max(0, sectionDepth + (section.open ? 1 : -1));
    return { node, marker: sectionDepth === 0 && !section ? blockMarker(node) : null };
  });
  return selectBranches(items, (marker, node) => decide(marker, node.position, scope, b));
}

function decide(marker: Marker, at: Position | undefined, scope: Scope, b: Binding): boolean {
  const taken = markerHolds(marker, scope);
  b.rec?.condition(marker.kind as "if" | "unless", marker.expression!, marker.kind === "if" ? taken : !taken, at);
  return taken;
}

/** Inline nodes of the branches taken, neighbouring text joined again without a double space where a branch was left out. */
function selectInline(children: Nodes[], scope: Scope, b: Binding): Nodes[] {
  const items = splitInline(children);
  // Each piece of a split text node takes the token positions of the tokens it holds.
  const cursor = new Map<TokenAt, number>();
  for (const item of items) {
    const at = (item.node.data as { tokenAt?: TokenAt } | undefined)?.tokenAt;
    if (!at || item.node.type !== "text") continue;
    const from = cursor.get(at) ?? 0;
    const n = [...item.node.value.matchAll(TOKEN)].filter((m) => m[1] !== "else").length;
    cursor.set(at, from + n);
    item.node = { ...item.node, data: { ...item.node.data, tokenAt: at.slice(from, from + n) } } as Nodes;
  }
  const kept = selectBranches(items, (marker, node) => decide(marker, node.position, scope, b));
  const out: Nodes[] = [];
  for (const node of kept) {
    const last = out.at(-1);
    if (node.type === "text" && last?.type === "text") {
      const tokenAt = [
        ...(((last.data as { tokenAt?: TokenAt }) ?? {}).tokenAt ?? []),
        ...(((node.data as { tokenAt?: TokenAt }) ?? {}).tokenAt ?? []),
      ];
      const joined = /\s$/.test(last.value) ? last.value + node.value.replace(/^\s+/, "") : last.value + node.value;
      out[out.length - 1] = { ...last, value: joined, data: { ...last.data, tokenAt } } as Text;
    } else if (node.type !== "text" || node.value !== "") out.push(node);
  }
  return out;
}

/** Stands for a token that wrote nothing, while the text around it is tidied. */
const EMPTY = "\uE001";

/**
 * A token that wrote nothing leaves no trace in the sentence: no double space, no empty brackets,
 * no comma before nothing or opening a line ("Berlin, {{zip}}." reads "Berlin.", "{{street}}, Berlin"
 * reads "Berlin", "Customer C1 ({{nickname}})" reads "Customer C1"). A comma after the empty value
 * stays with the word before it: in "Dear {{name}}, thank you" it belongs to the greeting.
 */
export function tidyEmpties(text: string): string {
  if (!text.includes(EMPTY)) return text;
  return text
    .replace(new RegExp(`${EMPTY}(?:[ \\t]*${EMPTY})+`, "g"), EMPTY)
    .replace(new RegExp(`[ \\t]*\\([ \\t]*${EMPTY}[ \\t]*\\)`, "g"), "")
    .replace(new RegExp(`[ \\t]*[,;][ \\t]*${EMPTY}[ \\t]*(?=[,;.:!?)]|$|\\n)`, "g"), "")
    .replace(new RegExp(`(^|\\n)[ \\t]*${EMPTY}[ \\t]*[,;][ \\t]*`, "g"), "$1")
    .replace(new RegExp(`[ \\t]+${EMPTY}[ \\t]*(?=[,;.:!?)])`, "g"), "")
    .replace(new RegExp(`[ \\t]+${EMPTY}[ \\t]+`, "g"), " ")
    .replaceAll(EMPTY, "");
}

function bindNode(node: Nodes, scope: Scope, b: Binding): Nodes {
  if (node.type === "text" || node.type === "inlineCode" || node.type === "code") {
    const rec = b.rec;
    const tokenAt = (node.data as { tokenAt?: TokenAt } | undefined)?.tokenAt;
    let k = 0;
    const fill = (_: string, key: string, tail: string) => {
      const depth = depthOf(scope, key);
      const value = depth < 0 ? undefined : lookup(scope[depth], key);
      // A field's own type applies to the record's value, not to a section item's key of the same name.
      const field = depth === scope.length - 1 ? b.fields.get(key) : undefined;
      const text = formatValue(value, tail ? parsePipes(tail) : [], field, b.format);
      if (rec) {
        const at = tokenAt?.[k];
        rec.token(key, value, depth, text, at ? { start: { ...at, offset: undefined }, end: { ...at, offset: undefined } } : node.position);
      }
      k++;
      b.count.tokens++;
      if (text.trim() !== "") b.count.filled++;
      return text === "" && node.type === "text" ? EMPTY : text;
    };
    // A token the pattern did not take (`{{ not a token | x }}`) is printed as written, its pipes too.
    const value = node.value.replace(TOKEN, fill).replaceAll(PIPE_MARK, "|");
    return { ...node, value: node.type === "text" ? tidyEmpties(value) : value };
  }
  if (node.type === "table") return bindTable(node, scope, b);
  if ("children" in node) {
    const parent = node as Parent;
    const children = hasInlineMarker(parent) ? selectInline(parent.children as Nodes[], scope, b) : parent.children;
    return { ...parent, children: bindChildren(children as RootContent[], scope, b) } as Nodes;
  }
  return { ...node };
}

/** A body row whose every token wrote nothing is left out: a table has no empty rows for values not given. */
function bindTable(table: Table, scope: Scope, b: Binding): Table {
  const outer = b.count;
  const rows = table.children.flatMap((row, r) => {
    b.count = { tokens: 0, filled: 0 };
    const bound = bindNode(row, scope, b) as Table["children"][number];
    const empty = r > 0 && b.count.tokens > 0 && b.count.filled === 0;
    outer.tokens += b.count.tokens;
    outer.filled += b.count.filled;
    return empty ? [] : [bound];
  });
  b.count = outer;
  return { ...table, children: rows };
}

/**
 * At load, before soft line breaks are joined: checks every token's formatters (a wrong one is an
 * error naming its line) and notes where each token starts, so that an explain trace points at the
 * token itself, not at the start of the text around it.
 */
export function annotateTokens(body: Root, check: (tail: string) => string | null, bodyLine: number, templatePath: string): void {
  const walk = (n: Nodes) => {
    if ((n.type === "text" || n.type === "inlineCode" || n.type === "code") && n.position) {
      const start = n.position.start;
      const tokenAt: TokenAt = [];
      for (const m of n.value.matchAll(TOKEN)) {
        if (m[1] === "else") continue;
        const before = n.value.slice(0, m.index).split("\n");
        const line = start.line + before.length - 1;
        const column = before.length === 1 ? start.column + m.index : before.at(-1)!.length + 1;
        if (m[2]) {
          const problem = check(m[2]);
          if (problem)
            throw new TemplateTokenError(`${templatePath} line ${line + bodyLine - 1}: ${problem} in ${m[0].replaceAll(PIPE_MARK, "|")}`);
        }
        tokenAt.push({ line, column });
      }
      if (tokenAt.length) n.data = { ...n.data, tokenAt } as typeof n.data;
    }
    if ("children" in n) {
      const parent = n as Parent;
      const lineOf = (x: Nodes) => x.position?.start.line ?? parent.position?.start.line ?? 1;
      const blocks = parent.children.flatMap((c) => {
        const marker = blockMarker(c as RootContent);
        return marker ? [{ marker, line: lineOf(c as Nodes) }] : [];
      });
      // A paragraph that is one block marker is checked with its run of blocks, not as inline text.
      const inline =
        hasInlineMarker(parent) && !blockMarker(parent as RootContent)
          ? splitInline(parent.children as Nodes[]).flatMap((i) => (i.marker ? [{ marker: i.marker, line: lineOf(i.node) }] : []))
          : [];
      const fault = markerProblem(blocks) ?? markerProblem(inline);
      if (fault) throw new TemplateTokenError(`${templatePath} line ${fault.line + bodyLine - 1}: ${fault.problem}`);
      parent.children.forEach((c) => walk(c as Nodes));
    }
  };
  walk(body);
}

export class TemplateTokenError extends Error {}

/** Plain text of a bound body, for checks and explain traces. */
export function plainText(node: Nodes): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  if ("children" in node) return (node as Parent).children.map((c) => plainText(c as Nodes)).join(node.type === "root" ? "\n" : "");
  return "";
}
