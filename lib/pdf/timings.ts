/** Stages after the template is loaded; render-task.ts adds the template load. */
export interface LayoutTimings {
  dataBindingMs: number;
  /** react-pdf's layout and render, page numbers and metadata included. */
  layoutMs: number;
  /** Always NO_POST_PROCESSING; kept so that clients reading the field and older traces stay valid. */
  postProcessingMs: number;
  totalMs: number;
}

/**
 * Page numbers and metadata are written in react-pdf's own pass (lib/pdf/document-props.ts), so no
 * stage follows layout; records and traces made while they were stamped afterwards keep that time.
 */
export const NO_POST_PROCESSING = 0;

/** What one render spent in each stage; stored with each rendered record and in explain traces. */
export interface RenderTimings extends LayoutTimings {
  templateLoadMs: number;
}
