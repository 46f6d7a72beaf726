import path from "node:path";
import pLimit, { type LimitFunction } from "p-limit";
import { Piscina } from "piscina";
import { env } from "@/lib/env";
import type { ReportInput } from "@/lib/explain/report/report-document";
import type { ReceiptInput } from "./receipt";
import type { SealedWorkflowInput } from "./sealed-workflow";
import type { RenderResult, RenderTask, StoredRender, StoredRenderTask } from "./render-task";

export type { RenderResult, RenderTask, RenderTimings, StoredRender, StoredRenderTask } from "./render-task";

// Per process, on globalThis: Next's dev server re-evaluates modules, and a second pool would only
// double the threads.
const holder = globalThis as unknown as { __sealpostRenderPool?: Piscina; __sealpostRenderAdmission?: LimitFunction };

/**
 * Lays out a document off the calling thread. Layout is CPU-bound JavaScript (react-pdf), so a pool
 * of RENDER_THREADS worker threads (default: one per core) keeps the event loop free for requests,
 * database work and mail while every core renders. RENDER_THREADS=0 renders in the calling thread.
 */
export async function renderFromTemplate(task: RenderTask): Promise<RenderResult> {
  return inRenderThread("default", task, async () => (await import("./render-task")).default(task));
}

/** A batch record laid out and written to the blob store in a render thread (see renderAndStore). */
export async function renderToBlob(task: Omit<StoredRenderTask, "laidOut">): Promise<StoredRender | { storageError: string }> {
  // The thread raises this flag once layout is done: a thread stopped after that (a write that hung
  // past RENDER_TIMEOUT_MS) is the store's failure, to be retried with the chunk, not the record's.
  const laidOut = new Int32Array(new SharedArrayBuffer(4));
  const input: StoredRenderTask = { ...task, laidOut };
  try {
    return await inRenderThread("renderAndStore", input, async () => (await import("./render-task")).renderAndStore(input));
  } catch (err) {
    if (Atomics.load(laidOut, 0) !== 1) throw err;
    return { storageError: `the PDF was laid out but not stored: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** The intake receipt, laid out in a render thread too: a batch of 5,000 records must not hold the event loop. */
export async function renderReceiptPdf(input: ReceiptInput): Promise<Uint8Array> {
  return inRenderThread("renderReceipt", input, async () => (await import("./receipt")).renderReceipt(input));
}

/** The sealed record of a workflow (sealing job), laid out in a render thread. */
export async function renderSealedWorkflowPdf(input: SealedWorkflowInput): Promise<Uint8Array> {
  return inRenderThread("renderSealedWorkflow", input, async () => (await import("./sealed-workflow")).renderSealedWorkflow(input));
}

/** The sealed record with the facts of its layout, for an explain trace. */
export async function renderSealedWorkflowPdfTraced(input: SealedWorkflowInput) {
  return inRenderThread("renderSealedWorkflowTraced", input, async () => (await import("./sealed-workflow")).renderSealedWorkflowTraced(input));
}

/** An explain report, laid out in a render thread: a detailed report is a few hundred ms of layout. */
export async function renderExplainReportPdf(input: ReportInput): Promise<Uint8Array> {
  return inRenderThread("renderExplainReport", input, async () => (await import("@/lib/explain/report/render-report")).renderExplainReport(input));
}

async function inRenderThread<T>(name: string, input: unknown, here: () => Promise<T>): Promise<T> {
  const pool = renderPool();
  if (!pool) return here();
  // Tasks are admitted two per thread, so the render timeout runs from (about) the start of a
  // layout: with every chunk's records queued in the pool at once, a document could time out
  // waiting behind others (a 3-page statement queue of 400 is 50 s of layout on 2 cores).
  holder.__sealpostRenderAdmission ??= pLimit(pool.options.maxThreads * 2);
  return holder.__sealpostRenderAdmission(async () => {
    // A document whose layout never ends (a runaway record) must not hold a thread for ever: the
    // thread is stopped, replaced, and the render fails with a reason.
    const timeoutMs = env().RENDER_TIMEOUT_MS;
    try {
      return (await pool.run(input, { name, signal: AbortSignal.timeout(timeoutMs) })) as T;
    } catch (err) {
      if ((err as Error).name === "AbortError") throw new Error(`Rendering took longer than ${timeoutMs} ms and was stopped`);
      throw err;
    }
  });
}

/**
 * Starts the render threads now (at server start) so that the first document does not wait for
 * them to boot and compile the render code (about 2 s).
 */
export function warmRenderPool(): void {
  renderPool();
}

function renderPool(): Piscina | null {
  const threads = env().RENDER_THREADS;
  if (threads === 0) return null;
  holder.__sealpostRenderPool ??= new Piscina({
    // Resolved at run time from the app root: the worker is loaded as a file, never bundled.
    filename: path.resolve(process.cwd(), "lib/pdf/render-worker.mjs"),
    minThreads: threads,
    maxThreads: threads,
    // A document whose layout needs more than this fails as that record's failure (the thread is replaced).
    resourceLimits: env().RENDER_THREAD_HEAP_MB ? { maxOldGenerationSizeMb: env().RENDER_THREAD_HEAP_MB } : undefined,
  });
  return holder.__sealpostRenderPool;
}

/** Ends the pool's threads (at shutdown; a later render starts a new pool). */
export async function closeRenderPool(): Promise<void> {
  const pool = holder.__sealpostRenderPool;
  holder.__sealpostRenderPool = undefined;
  holder.__sealpostRenderAdmission = undefined;
  await pool?.destroy();
}
