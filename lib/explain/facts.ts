/**
 * The raw facts a render thread hands back with the PDF when explain is on. Plain JSON (structured
 * clone crosses the thread boundary), small, and no record values: the trace says where a value came
 * from and what was done to it, never what it was (personal data stays in the record).
 */

import type { PdfUaReport } from "@/lib/pdf/pdf-ua/check-pdf-ua";
import type { TemplateStyle } from "@/lib/templates/types";

/** The template as the trace names it; made in the render thread, where the template is loaded. */
export interface TemplateFacts {
  path: string;
  version: string;
  title: string;
  fields: Array<{ key: string; type: string; required: boolean; label?: string }>;
  style: TemplateStyle;
  /** Style keys the front matter sets (the rest are built-in defaults). */
  explicitStyle: string[];
}

/** Where a node sits in the template's Markdown body (1-based, from mdast positions). */
export interface SourceAt {
  line?: number;
  column?: number;
}

export interface TokenFact extends SourceAt {
  token: string;
  /** `record.key`, `lines[2].amount` (a section item), or null when no scope had the key. */
  source: string | null;
  valueType: "missing" | "null" | "string" | "number" | "boolean" | "object" | "array";
  /** Characters of the text that landed in the document. */
  length: number;
  /** The value held Markdown or HTML characters, kept as literal text (never parsed as markup). */
  markupKeptLiteral?: boolean;
  /** Code points of the value no document font draws (each once, as U+XXXX): printed as U+FFFD. */
  undrawable?: string[];
}

export interface SectionFact extends SourceAt {
  key: string;
  /** Items expanded; 0 for an empty list and for a value that is not a list. */
  items: number;
  status: "expanded" | "empty" | "missing" | "not-a-list" | "unclosed";
}

/** An `{{#if}}` or `{{#unless}}` evaluated for the record (inside a section, once per item). */
export interface ConditionFact extends SourceAt {
  kind: "if" | "unless";
  expression: string;
  /** Whether the expression held; an unless's blocks are kept when it did not. */
  held: boolean;
}

export type ElementKind =
  "heading" | "paragraph" | "list" | "table" | "blockquote" | "code" | "rule" | "image" | "header-rule" | "footer" | "row";

/** A block the document view laid out, tagged so that the laid-out tree can be mapped back to it. */
export interface ElementFact extends SourceAt {
  id: string;
  kind: ElementKind;
  depth?: number;
  /** Its first template line (at most 60 characters, tokens unfilled), so the author can find it. */
  excerpt?: string;
  /** Images: the URL in the template, its alt text, and whether its bytes were found. */
  url?: string;
  alt?: string;
  included?: boolean;
  /** Written inside running text, where the view draws no images. */
  inline?: boolean;
}

export interface Placement {
  page: number;
  top: number;
  bottom: number;
}

/** What react-pdf's layout decided, read from its laid-out tree (see layout-facts.ts). */
export interface LayoutFacts {
  /** `flowEnd`: where the next block would have started (the lowest bottom margin); absent in hand-made facts. */
  pages: Array<{
    page: number;
    elementCount: number;
    nodeCount: number;
    contentTop: number;
    contentBottom: number;
    usedBottom: number;
    flowEnd?: number;
  }>;
  /** Per tagged element, each page it occupies (two or more: it was split across pages). */
  placements: Record<string, Placement[]>;
  /** Tagged elements in document order (top level and nested). */
  order: string[];
  overflows: Array<{ id: string; page: number; overflowPt: number; lineExcerpt: string }>;
  clipped: Array<{ id: string; page: number; beyondPt: number }>;
  images: Array<{ id: string; page: number; intrinsicWidth: number; intrinsicHeight: number; width: number; height: number }>;
  /** Every text colour on its background, with the smallest size and whether any run was bold. */
  colours: Array<{ foreground: string; background: string; minFontSize: number; bold: boolean; runs: number; ids: string[] }>;
  /** The resolved style of each tagged element (the properties authors set). */
  styles: Record<string, Record<string, string | number>>;
}

export interface RenderFacts {
  binding: { tokens: TokenFact[]; sections: SectionFact[]; conditions: ConditionFact[] };
  elements: ElementFact[];
  layout: LayoutFacts;
  /** Time spent collecting these facts inside binding and layout (ms): part of those stages' times. */
  captureMs: number;
  /** Time the PDF/UA check took after the render (ms): not part of the render's total. */
  pdfUaCheckMs?: number;
  /** The finished PDF against the PDF/UA rules a machine decides (lib/pdf/pdf-ua). */
  pdfUa?: PdfUaReport;
}
