/**
 * The structure of a tagged PDF (PDF/UA), as props on react-pdf elements: Sealpost's patch of
 * @react-pdf/render (patches/, docs/templates.md) reads `pdfStructure` and writes the structure tree.
 * Each element gets an id, so that a block split across pages stays one element.
 */

/** Standard structure types of ISO 32000-1, 14.8.4, that Sealpost's documents use. */
export type StructureType =
  | "H1"
  | "H2"
  | "H3"
  | "H4"
  | "H5"
  | "H6"
  | "P"
  | "Sect"
  | "L"
  | "LI"
  | "Lbl"
  | "LBody"
  | "Table"
  | "TR"
  | "TH"
  | "TD"
  | "BlockQuote"
  | "Figure"
  | "Link";

export interface StructureAttributes {
  /** Alternate text (a Figure's). */
  alt?: string;
  /** A header cell's scope. */
  scope?: "Column" | "Row" | "Both";
  lang?: string;
  /** A list's numbering (ISO 32000-1, 14.8.5.5): Disc for bullets, which are then artifacts, not labels. */
  listNumbering?: "Disc" | "Decimal";
}

/** The Document prop that turns the structure tree on (react-pdf's types do not know it). */
export const TAGGED: Readonly<Record<string, unknown>> = Object.freeze({ tagged: true });

/**
 * Ids from one counter of the process: unique in any document, with nothing to pass down the
 * components (a React context is not allowed in modules Next.js also bundles for the server).
 */
let next = 0;

/** The props that make a react-pdf element one element of the structure tree. */
export function structure(
  type: StructureType,
  attributes: StructureAttributes = {},
): { pdfStructure: { id: string; type: StructureType } & StructureAttributes } {
  return { pdfStructure: { id: `s${++next}`, type, ...attributes } };
}
