/** Stages after the template is loaded; render-task.ts adds the template load. */
export interface LayoutTimings {
  dataBindingMs: number;
  layoutMs: number;
  postProcessingMs: number;
  totalMs: number;
}

/** What one render spent in each stage; stored with each rendered record and in explain traces. */
export interface RenderTimings extends LayoutTimings {
  templateLoadMs: number;
}
