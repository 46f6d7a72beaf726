/** What one render spent in each stage, as it is stored with each rendered record and in explain traces. */
export type { LayoutTimings, RenderTimings } from "@/lib/db/json/render-timings";

/**
 * Page numbers and metadata are written in react-pdf's own pass (lib/pdf/document-props.ts), so no
 * stage follows layout; records and traces made while they were stamped afterwards keep that time.
 */
export const NO_POST_PROCESSING = 0;
