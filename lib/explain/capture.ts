import type { Image, Nodes, Parent, Root, RootContent } from "mdast";
import { undrawable } from "@/lib/pdf/fonts";
import { checkPdfUa, type PdfUaReport } from "@/lib/pdf/pdf-ua/check-pdf-ua";
import type { BindRecorder } from "@/lib/templates/bind";
import type { Template } from "@/lib/templates/types";
import type {
  ConditionFact,
  ElementFact,
  ElementKind,
  LayoutFacts,
  RenderFacts,
  SectionFact,
  SourceAt,
  TemplateFacts,
  TokenFact,
} from "./facts";
import { layoutFacts, TAG, type LaidOutNode } from "./layout-facts";

type Position = RootContent["position"];
const MARKUP = /[*_`#<>[\]!|]/;

export function valueType(value: unknown, found: boolean): TokenFact["valueType"] {
  if (!found) return "missing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const t = typeof value;
  return t === "string" || t === "number" || t === "boolean" ? t : "object";
}

/**
 * Collects the facts of one traced render inside the render thread: the binding (as a BindRecorder),
 * the blocks the view lays out (each tagged with an id carried into react-pdf's layout), and the
 * laid-out tree's facts (from Document's onRender). Made only when a trace is wanted.
 */
export class ExplainCapture implements BindRecorder {
  private readonly lines: string[];
  private readonly bodyLine: number;

  /** Lines and excerpts name the template file, not the bound text: no record value lands in a trace. */
  constructor(template: Pick<Template, "source" | "bodyLine">) {
    this.lines = template.source.split(/\r?\n/);
    this.bodyLine = template.bodyLine;
  }

  private at(p: Position): SourceAt {
    return p ? { line: p.start.line + this.bodyLine - 1, column: p.start.column } : {};
  }

  private readonly tokens: TokenFact[] = [];
  private readonly sections: SectionFact[] = [];
  private readonly conditions: ConditionFact[] = [];
  private readonly elements: ElementFact[] = [];
  private readonly items: Array<{ key: string; index: number }> = [];
  private layout: LayoutFacts | null = null;
  private ms = 0;
  private checkMs = 0;
  private pdfUa: PdfUaReport | undefined;

  token(key: string, value: unknown, depth: number, text: string, p: Position): void {
    const t0 = performance.now();
    const found = depth >= 0;
    const itemsAbove = this.items.length - depth;
    const source = !found
      ? null
      : depth === this.items.length
        ? `record.${key}`
        : `${this.items
            .slice(0, itemsAbove)
            .map((i) => `${i.key}[${i.index}]`)
            .join(".")}.${key}`;
    const fact: TokenFact = { token: key, source, valueType: valueType(value, found), length: text.length, ...this.at(p) };
    if (MARKUP.test(text)) fact.markupKeptLiteral = true;
    const missing = undrawable(text);
    if (missing.length) fact.undrawable = missing.map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`);
    this.tokens.push(fact);
    this.ms += performance.now() - t0;
  }

  section(key: string, value: unknown, p: Position, closed: boolean): void {
    const status: SectionFact["status"] = !closed
      ? "unclosed"
      : value === undefined
        ? "missing"
        : !Array.isArray(value)
          ? "not-a-list"
          : value.length
            ? "expanded"
            : "empty";
    this.sections.push({ key, items: Array.isArray(value) && closed ? value.length : 0, status, ...this.at(p) });
  }

  condition(kind: "if" | "unless", expression: string, held: boolean, p: Position): void {
    this.conditions.push({ kind, expression, held, ...this.at(p) });
  }

  enterItem(key: string, index: number): void {
    this.items.push({ key, index });
  }

  leaveItem(): void {
    this.items.pop();
  }

  /** Registers a block and returns the props that tag its laid-out node. */
  tag(kind: ElementKind, node?: Nodes, extra: Partial<ElementFact> = {}): Record<string, string> {
    const id = `e${this.elements.length + 1}`;
    const where = this.at(node?.position);
    const text = where.line ? (this.lines[where.line - 1] ?? "").trim() : "";
    this.elements.push({ id, kind, ...where, ...(text ? { excerpt: text.slice(0, 60) } : {}), ...extra });
    return { [TAG]: id };
  }

  /** Images written inside running text: the view draws only images that stand in a paragraph of their own. */
  noteInlineImages(body: Root): void {
    const walk = (n: Nodes, soleChild: boolean) => {
      if (n.type === "image" && !soleChild) {
        const img = n as Image;
        this.tag("image", n, { url: img.url, alt: img.alt ?? "", included: false, inline: true });
      }
      if ("children" in n) {
        const kids = (n as Parent).children as Nodes[];
        kids.forEach((c) => walk(c, n.type === "paragraph" && kids.length === 1));
      }
    };
    walk(body, false);
  }

  /**
   * Document's onRender: react-pdf hands its laid-out tree to it (as `_INTERNAL__LAYOUT__DATA_`,
   * undeclared in its types) once layout is done, so nothing is laid out twice.
   */
  readonly onRender = (params: object) => {
    const t0 = performance.now();
    const tree = (params as { _INTERNAL__LAYOUT__DATA_?: LaidOutNode })._INTERNAL__LAYOUT__DATA_;
    if (tree) this.layout = layoutFacts(tree);
    this.ms += performance.now() - t0;
  };

  /**
   * Checks the finished PDF against the PDF/UA rules (timed on its own: it runs after the render, so
   * it is no part of the render's total). A check that cannot read the file leaves the trace without it ("not checked"): an
   * explanation never fails the document it explains.
   */
  async checkPdf(pdf: Uint8Array): Promise<void> {
    const t0 = performance.now();
    try {
      this.pdfUa = await checkPdfUa(pdf);
    } catch (err) {
      console.warn(`[explain] the PDF/UA check could not read the document: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.checkMs += performance.now() - t0;
  }

  facts(): RenderFacts {
    const empty: LayoutFacts = { pages: [], placements: {}, order: [], overflows: [], clipped: [], images: [], colours: [], styles: {} };
    return {
      binding: { tokens: this.tokens, sections: this.sections, conditions: this.conditions },
      elements: this.elements,
      layout: this.layout ?? empty,
      captureMs: this.ms,
      pdfUaCheckMs: this.checkMs,
      ...(this.pdfUa ? { pdfUa: this.pdfUa } : {}),
    };
  }
}

export const templateFacts = (t: Template): TemplateFacts => ({
  path: t.path,
  version: t.version,
  title: t.title,
  fields: t.fields.map((f) => ({ key: f.key, type: f.type, required: f.required, ...(f.label ? { label: f.label } : {}) })),
  style: t.style,
  explicitStyle: t.explicitStyle,
});
