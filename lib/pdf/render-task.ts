import { loadTemplate } from "@/lib/templates/load-template";
import { renderDocument, type LayoutTimings } from "./render-document";
import type { DocumentMeta } from "./metadata";

export interface RenderTask {
  templatePath: string;
  record: Record<string, unknown>;
  meta: DocumentMeta;
}

/** The pipeline's stage timings (ms), kept per record for explain traces. */
export interface RenderTimings extends LayoutTimings {
  templateLoadMs: number;
}

export interface RenderResult {
  pdf: Uint8Array;
  timings: RenderTimings;
}

/** One document from a template path: the template is loaded (cached per file version) and timed. */
export default async function renderTask({ templatePath, record, meta }: RenderTask): Promise<RenderResult> {
  const t0 = performance.now();
  const template = await loadTemplate(templatePath);
  const templateLoadMs = performance.now() - t0;
  const { pdf, timings } = await renderDocument(template, record, meta);
  return { pdf, timings: { ...timings, templateLoadMs, totalMs: timings.totalMs + templateLoadMs } };
}
