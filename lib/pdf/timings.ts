/** What one render spent in each stage, as it is stored with each rendered record and in explain traces. */
export type { LayoutTimings, RenderTimings } from "@/lib/db/json/render-timings";

/**
 * Page numbers and metadata were stamped after layout, with pdf-lib, until 2026-11-28; they are
 * written in react-pdf's own pass now (lib/pdf/document-props.ts), so no stage follows layout.
 */
export const NO_POST_PROCESSING = 0;
