import { loadTemplate } from "@/lib/templates/load-template";
import { loadTemplateVersion } from "@/lib/templates/snapshot";
import { renderDocument, type LayoutTimings } from "./render-document";
import type { DocumentMeta } from "./metadata";

export interface RenderTask {
  templatePath: string;
  /** The version to render (a batch's intake version); the file as it is now when absent. */
  templateVersion?: string;
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

/** One document from a template path: the template is loaded (cached per version) and timed. */
export default async function renderTask({ templatePath, templateVersion, record, meta }: RenderTask): Promise<RenderResult> {
  const t0 = performance.now();
  const template = templateVersion ? await loadTemplateVersion(templatePath, templateVersion) : await loadTemplate(templatePath);
  const templateLoadMs = performance.now() - t0;
  const { pdf, timings } = await renderDocument(template, record, { ...meta, templateVersion: template.version });
  return { pdf, timings: { ...timings, templateLoadMs, totalMs: timings.totalMs + templateLoadMs } };
}
