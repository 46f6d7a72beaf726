import path from "node:path";
import { Piscina } from "piscina";
import { env } from "@/lib/env";
import type { ReportInput } from "@/lib/explain/report/report-document";
import { fairAdmission, type FairAdmission, type Lane } from "./fair-admission";
import type { ReceiptInput } from "./receipt";
import type { CompletionCertificateInput } from "./completion-certificate";
import type { SealedWorkflowInput } from "./sealed-workflow";
import type { RenderResult, RenderTask, StoredRender, StoredRenderTask } from "./render-task";
import { newTaskProgress, readProgress, TaskPhase } from "./task-progress";
import { stopOnOverrun } from "./stop-on-overrun";

export type { RenderResult, RenderTask, StoredRender, StoredRenderTask } from "./render-task";
export type { RenderTimings } from "./timings";

/**
 * Tasks a render thread holds at once: one being laid out, one stored after its layout (an S3 PUT's
 * round trip), and the next waiting in the thread so that it starts the moment a layout ends. Layouts
 * run one at a time (render-worker.mjs).
 */
const TASKS_PER_THREAD = 3;

// Per process, on globalThis: Next's dev server re-evaluates modules, and a second pool would only
// double the threads.
const holder = globalThis as unknown as { __sealpostRenderPool?: Piscina; __sealpostRenderAdmission?: FairAdmission };

/**
 * Lays out a document off the calling thread. Layout is CPU-bound JavaScript (react-pdf), so a pool
 * of RENDER_THREADS worker threads (default: one per core) keeps the event loop free for requests,
 * database work and mail while every core renders. RENDER_THREADS=0 renders in the calling thread.
 */
export async function renderFromTemplate(task: RenderTask): Promise<RenderResult> {
  return inRenderThread("default", task, async () => (await import("./render-task")).default(task));
}

/**
 * A batch record laid out and written to the blob store in a render thread (see renderAndStore).
 * `lane` (the record's tenant and batch) gives it its turn among other batches' records.
 */
export async function renderToBlob(
  task: Omit<StoredRenderTask, "progress">,
  lane?: Lane,
): Promise<StoredRender | { storageError: string }> {
  const progress = newTaskProgress();
  try {
    return await inRenderThread("renderAndStore", task, async () => (await import("./render-task")).renderAndStore(task), progress, lane);
  } catch (err) {
    // A thread lost once this layout was done (stopped for another task's runaway layout, out of
    // memory) fails the write, to be retried with the chunk: not the record's failure.
    if (readProgress(progress).phase !== TaskPhase.storing) throw err;
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
  return inRenderThread("renderSealedWorkflowTraced", input, async () =>
    (await import("./sealed-workflow")).renderSealedWorkflowTraced(input),
  );
}

/** A workflow's certificate of completion (e-signature), laid out in a render thread like the sealed record. */
export async function renderCompletionCertificatePdf(input: CompletionCertificateInput): Promise<Uint8Array> {
  return inRenderThread("renderCompletionCertificate", input, async () =>
    (await import("./completion-certificate")).renderCompletionCertificate(input),
  );
}

/** An explain report, laid out in a render thread: a detailed report is a few hundred ms of layout. */
export async function renderExplainReportPdf(input: ReportInput): Promise<Uint8Array> {
  return inRenderThread("renderExplainReport", input, async () =>
    (await import("@/lib/explain/report/render-report")).renderExplainReport(input),
  );
}

async function inRenderThread<T>(
  name: string,
  input: object,
  here: () => Promise<T>,
  progress = newTaskProgress(),
  lane?: Lane,
): Promise<T> {
  const pool = renderPool();
  if (!pool) return here();
  // TASKS_PER_THREAD at a time (see render-worker.mjs); the rest wait here, taking turns by lane.
  holder.__sealpostRenderAdmission ??= fairAdmission(pool.options.maxThreads * TASKS_PER_THREAD);
  return holder.__sealpostRenderAdmission(lane, async () => {
    for (let attempt = 1; ; attempt++) {
      // A layout past RENDER_TIMEOUT_MS (timed from its start) has its thread stopped: only its record fails.
      const overrun = stopOnOverrun(pool, progress, env().RENDER_TIMEOUT_MS);
      try {
        return (await pool.run({ ...input, progress }, { name })) as T;
      } catch (err) {
        if (overrun.stopped) throw new Error(`Rendering took longer than ${overrun.timeoutMs} ms and was stopped`);
        // The thread was lost under the task before this one (stopped, out of memory): not this task's
        // failure, and it had not begun, so it goes to another thread.
        if (readProgress(progress).phase === TaskPhase.waiting && attempt < 3 && holder.__sealpostRenderPool === pool) continue;
        throw err;
      } finally {
        overrun.cancel();
      }
    }
  });
}

/**
 * Starts the render threads now (at server start) so that the first document does not wait for
 * them to boot and compile the render code.
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
    concurrentTasksPerWorker: TASKS_PER_THREAD,
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
