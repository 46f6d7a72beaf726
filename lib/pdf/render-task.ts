import { getBlobStore } from "@/lib/blob/store";
import { ExplainCapture, templateFacts } from "@/lib/explain/capture";
import type { RenderFacts, TemplateFacts } from "@/lib/explain/facts";
import { loadTemplate, parseTemplate } from "@/lib/templates/load-template";
import { loadTemplateVersion } from "@/lib/templates/snapshot";
import { type PdfProfile, renderDocument } from "./render-document";
import type { DocumentMeta } from "./metadata";
import { markPhase, TaskPhase, type TaskProgress } from "./task-progress";
import type { RenderTimings } from "./timings";

export interface RenderTask {
  templatePath: string;
  /** The version to render (a batch's intake version); the file as it is now when absent. */
  templateVersion?: string;
  /** A template's whole text, for a preview of a template not saved in TEMPLATES_DIR (templatePath then only names it). */
  templateSource?: string;
  record: Record<string, unknown>;
  meta: DocumentMeta;
  /** A traced render: the result also carries the facts of the render (see lib/explain). */
  explain?: boolean;
  /** The bench's references only (BENCH_ONLY=tagged): the same document in built-in fonts, tagged or not. */
  profile?: PdfProfile;
}

/** The pipeline's stage timings (ms), kept per record for explain traces. */
export interface RenderResult {
  pdf: Uint8Array;
  timings: RenderTimings;
  /** Only on traced renders. */
  explain?: RenderFacts;
  /** The template that was rendered, as the trace names it (traced renders only). */
  template?: TemplateFacts;
}

/** One document from a template path: the template is loaded (cached per version) and timed. */
export default async function renderTask({
  templatePath,
  templateVersion,
  templateSource,
  record,
  meta,
  explain,
  profile,
}: RenderTask): Promise<RenderResult> {
  const t0 = performance.now();
  const template =
    templateSource !== undefined
      ? await parseTemplate(templatePath, templateSource)
      : templateVersion
        ? await loadTemplateVersion(templatePath, templateVersion)
        : await loadTemplate(templatePath);
  const templateLoadMs = performance.now() - t0;
  const capture = explain ? new ExplainCapture(template) : undefined;
  const out = await renderDocument(template, record, { ...meta, templateVersion: template.version }, capture, { profile });
  const timings = { ...out.timings, templateLoadMs, totalMs: out.timings.totalMs + templateLoadMs };
  if (!out.explain) return { pdf: out.pdf, timings };
  return { pdf: out.pdf, timings, explain: out.explain, template: templateFacts(template) };
}

/** A batch record's render: the PDF is written to the blob store by the render thread itself. */
export interface StoredRenderTask extends RenderTask {
  blobKey: string;
  /** Shared with the calling thread (see task-progress): marked storing once layout is done. */
  progress?: TaskProgress;
}

/** What the calling thread gets back: everything but the bytes, which are already stored. */
export type StoredRender = Omit<RenderResult, "pdf"> & { byteSize: number };

/**
 * Renders and stores under `blobKey` in the same thread, so the bytes never cross threads and the
 * write costs no hop through the event loop and libuv's pool (see LocalBlobStore). Used as is when
 * there are no render threads; a render thread calls the two halves itself (render-worker.mjs).
 */
export async function renderAndStore(task: StoredRenderTask): Promise<StoredRender | { storageError: string }> {
  return storeRender(task, await renderTask(task));
}

/**
 * The second half of renderAndStore: the laid-out PDF to the blob store. A storage error is not the
 * record's: it comes back as `storageError` (the caller retries the chunk) instead of being thrown
 * like a render error, which is the record's own.
 */
export async function storeRender(
  task: StoredRenderTask,
  { pdf, ...rest }: RenderResult,
): Promise<StoredRender | { storageError: string }> {
  markPhase(task.progress, TaskPhase.storing);
  try {
    await getBlobStore().put(task.blobKey, pdf, "application/pdf");
  } catch (err) {
    return { storageError: err instanceof Error ? err.message : String(err) };
  }
  return { ...rest, byteSize: pdf.byteLength };
}
