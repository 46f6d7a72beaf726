/** Stages after the template is loaded; render-task.ts adds the template load. */
export interface LayoutTimings {
  dataBindingMs: number;
  /** react-pdf's layout and render, which also writes the page numbers and metadata. */
  layoutMs: number;
  /** Always NO_POST_PROCESSING now (lib/pdf/timings.ts); kept so that clients reading the field and older traces stay valid. */
  postProcessingMs: number;
  totalMs: number;
}

/** What one render spent in each stage; stored with each rendered record (batch_records.timings) and in explain traces. */
export interface RenderTimings extends LayoutTimings {
  templateLoadMs: number;
}
