import { createContext, useContext } from "react";

/**
 * The structure of a tagged PDF (PDF/UA), as props on react-pdf elements: Sealpost's patch of
 * @react-pdf/render (patches/, docs/templates.md) reads `pdfStructure` and writes the structure tree.
 * Each element gets an id in reading order, so that a block split across pages stays one element.
 */
export interface StructureIds {
  next: number;
}

/** Standard structure types of ISO 32000-1, 14.8.4, that Sealpost's documents use. */
export type StructureType = "H1" | "H2" | "H3" | "H4" | "H5" | "H6" | "P" | "L" | "LI" | "Lbl" | "LBody" | "Table" | "TR" | "TH" | "TD" | "BlockQuote" | "Figure" | "Link";

export interface StructureAttributes {
  /** Alternate text (a Figure's). */
  alt?: string;
  /** A header cell's scope. */
  scope?: "Column" | "Row" | "Both";
  lang?: string;
}

export const newStructureIds = (): StructureIds => ({ next: 0 });

/** The Document prop that turns the structure tree on (react-pdf's types do not know it). */
export const TAGGED = { tagged: true } as Record<string, unknown>;

/** The props that make a react-pdf element one element of the structure tree. */
export function structure(ids: StructureIds, type: StructureType, attributes: StructureAttributes = {}): { pdfStructure: { id: string; type: StructureType } & StructureAttributes } {
  return { pdfStructure: { id: `s${++ids.next}`, type, ...attributes } };
}

/** A document built of components (the explain report) gives its structure ids through context. */
export const StructureContext = createContext<StructureIds | null>(null);

/** The tagger of the document being rendered: `tag("P")` gives the props of one more element. */
export function useTagger(): (type: StructureType, attributes?: StructureAttributes) => ReturnType<typeof structure> | Record<string, never> {
  const ids = useContext(StructureContext);
  return (type, attributes) => (ids ? structure(ids, type, attributes) : {});
}
