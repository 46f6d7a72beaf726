import type { Nodes, Paragraph, Parent, RootContent, Text } from "mdast";
import { conditionHolds } from "@/lib/workflow/validation/logic";
import { parseCondition, type Logic } from "./condition-expression";
import { PIPE_MARK } from "./formatters";

/**
 * `{{#if expr}} … {{else}} … {{/if}}` and `{{#unless expr}} … {{/unless}}`: around blocks (each
 * marker a paragraph of its own, as sections are written) or inside one paragraph, heading or
 * table cell. Markers must close in the same place they open: in the same run of blocks, or in the
 * same paragraph (not half inside **bold**).
 */
export interface Marker {
  kind: "if" | "unless" | "else" | "end";
  expression?: string;
}

const MARKER = /\{\{\s*(?:#(if|unless)\s+([^{}]+?)|(else)|\/(if|unless))\s*\}\}/g;
const WHOLE_MARKER = new RegExp(`^${MARKER.source}$`);
/** The same pattern without the global flag: `test` then keeps no state between calls. */
const ANY_MARKER = new RegExp(MARKER.source);

const markerOf = (m: RegExpMatchArray): Marker =>
  m[1] ? { kind: m[1] as "if" | "unless", expression: m[2].replaceAll(PIPE_MARK, "|").trim() } : m[3] ? { kind: "else" } : { kind: "end" };

/** A block that is a marker and nothing else. */
export function blockMarker(n: RootContent): Marker | null {
  if (n.type !== "paragraph") return null;
  const p = n as Paragraph;
  if (p.children.length !== 1 || p.children[0].type !== "text") return null;
  const m = WHOLE_MARKER.exec(p.children[0].value.trim());
  return m ? markerOf(m) : null;
}

export const hasInlineMarker = (parent: Parent) =>
  parent.children.some((c) => c.type === "text" && (c as Text).value.includes("{{") && ANY_MARKER.test((c as Text).value));

const compiled = new Map<string, Logic>();
/** The JSON Logic of an expression; throws for one that cannot be read (checked at load). */
export function conditionLogic(expression: string): Logic {
  let logic = compiled.get(expression);
  if (!logic) {
    logic = parseCondition(expression);
    if (compiled.size < 10_000) compiled.set(expression, logic);
  }
  return logic;
}

/** Whether the branch after an opening marker is taken, for data seen through the scopes (innermost first). */
export function markerHolds(marker: Marker, scope: Array<Record<string, unknown>>): boolean {
  const data = Object.assign({}, ...[...scope].reverse()) as Record<string, unknown>;
  const held = conditionHolds(conditionLogic(marker.expression!), data).holds;
  return marker.kind === "if" ? held : !held;
}

type Item<T> = { node: T; marker: Marker | null };

/**
 * Keeps the items of the branches taken: markers removed, nested conditions followed. `decide`
 * answers whether an opening marker's branch is taken and is called only for conditions whose
 * branch could be seen at all (so a trace lists what was evaluated).
 */
export function selectBranches<T>(items: Array<Item<T>>, decide: (marker: Marker, node: T) => boolean): T[] {
  const out: T[] = [];
  const stack: Array<{ outer: boolean; held: boolean }> = [];
  let active = true;
  for (const { node, marker } of items) {
    if (!marker) {
      if (active) out.push(node);
      continue;
    }
    if (marker.kind === "if" || marker.kind === "unless") {
      const held: boolean = active ? decide(marker, node) : false;
      stack.push({ outer: active, held });
      active = active && held;
    } else if (marker.kind === "else") {
      const top = stack.at(-1);
      if (top) active = top.outer && !top.held;
    } else {
      const top = stack.pop();
      if (top) active = top.outer;
    }
  }
  return out;
}

/** Splits a run of inline nodes at the markers inside its text nodes; pieces keep the position of the text they came from. */
export function splitInline(children: Nodes[]): Array<Item<Nodes>> {
  const items: Array<Item<Nodes>> = [];
  for (const c of children) {
    if (c.type !== "text" || !c.value.includes("{{")) {
      items.push({ node: c, marker: null });
      continue;
    }
    let at = 0;
    for (const m of c.value.matchAll(MARKER)) {
      if (m.index > at) items.push({ node: { ...c, value: c.value.slice(at, m.index) }, marker: null });
      items.push({ node: { ...c, value: "" }, marker: markerOf(m) });
      at = m.index + m[0].length;
    }
    if (at < c.value.length) items.push({ node: { ...c, value: c.value.slice(at) }, marker: null });
  }
  return items;
}

/** Why the markers of one run (blocks or inline) do not nest, with the line of the marker at fault, or null. Every expression is read too. */
export function markerProblem(markers: Array<{ marker: Marker; line: number }>): { problem: string; line: number } | null {
  const open: Array<{ marker: Marker; line: number }> = [];
  const elses = new Set<Marker>();
  for (const item of markers) {
    const m = item.marker;
    if (m.kind === "if" || m.kind === "unless") {
      try {
        conditionLogic(m.expression!);
      } catch (err) {
        return { problem: `the condition "${m.expression}" cannot be read: ${(err as Error).message}`, line: item.line };
      }
      open.push(item);
    } else if (m.kind === "else") {
      const top = open.at(-1);
      if (!top) return { problem: "{{else}} outside {{#if}}", line: item.line };
      if (elses.has(top.marker))
        return { problem: `a second {{else}} in {{#${top.marker.kind} ${top.marker.expression}}}`, line: item.line };
      elses.add(top.marker);
    } else if (!open.pop()) return { problem: "a closing {{/if}} or {{/unless}} without its opening", line: item.line };
  }
  const first = open[0];
  return first
    ? {
        problem: `{{#${first.marker.kind} ${first.marker.expression}}} is not closed here (a condition closes in the paragraph, or the run of blocks, it opens in)`,
        line: first.line,
      }
    : null;
}
