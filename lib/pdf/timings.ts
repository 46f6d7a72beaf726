/** Stages after the template is loaded; render-task.ts adds the template load. */
export interface LayoutTimings {
  dataBindingMs: number;
  /** react-pdf's layout and render, which since 2026-11-28 also writes the page numbers and metadata. */
  layoutMs: number;
  /** Always NO_POST_PROCESSING now; kept so that clients reading the field and older traces stay valid. */
  postProcessingMs: number;
  totalMs: number;
}

/**
 * Page numbers and metadata were stamped after layout, with pdf-lib, until 2026-11-28; they are
 * written in react-pdf's own pass now (lib/pdf/document-props.ts), so no stage follows layout.
 */
export const NO_POST_PROCESSING = 0;

/** What one render spent in each stage; stored with each rendered record and in explain traces. */
export interface RenderTimings extends LayoutTimings {
  templateLoadMs: number;
}
