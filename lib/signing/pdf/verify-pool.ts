import os from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import { env } from "@/lib/env";
import { stopOnOverrun } from "@/lib/pdf/stop-on-overrun";
import { newTaskProgress } from "@/lib/pdf/task-progress";
import type { VerifyOptions, VerifyReport } from "./verify-pdf";

// Per process, on globalThis: Next's dev server re-evaluates modules, and a second pool would only double the threads.
const holder = globalThis as unknown as { __sealpostVerifyPool?: Piscina };

/**
 * verifyPdf on a file from outside, in a thread of its own with a heap cap (VERIFY_THREAD_HEAP_MB)
 * and a deadline from when its work begins (VERIFY_TIMEOUT_MS). Whatever a PDF reader does with a
 * hostile file, looping or filling memory, costs that thread, which is replaced, never the server's
 * heap or event loop: the answer is then a report with `limit` set and why in `error`. The render
 * threads are not used: a verification stopped there would stop the documents queued in that thread.
 */
export async function verifyPdfWithinLimits(bytes: Uint8Array, options: VerifyOptions): Promise<VerifyReport> {
  const pool = verifyPool();
  const progress = newTaskProgress();
  const overrun = stopOnOverrun(pool, progress, env().VERIFY_TIMEOUT_MS);
  try {
    return (await pool.run({ bytes, options, progress })) as VerifyReport;
  } catch (err) {
    if (overrun.stopped) return overLimit("time", `it was still being read after ${overrun.timeoutMs / 1000} s`);
    if (outOfMemory(err)) return overLimit("memory", `it needs more than ${env().VERIFY_THREAD_HEAP_MB} MB of memory to read`);
    throw err;
  } finally {
    overrun.cancel();
  }
}

const overLimit = (limit: "memory" | "time", why: string): VerifyReport => ({ valid: false, signatures: [], limit, error: why });

/** Node ends a thread past its resourceLimits with ERR_WORKER_OUT_OF_MEMORY; piscina passes the error on. */
function outOfMemory(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === "ERR_WORKER_OUT_OF_MEMORY" || /out of memory|memory limit/i.test(e?.message ?? "");
}

function verifyPool(): Piscina {
  holder.__sealpostVerifyPool ??= new Piscina({
    // Resolved at run time from the app root: the worker is loaded as a file, never bundled.
    filename: path.resolve(process.cwd(), "lib/signing/pdf/verify-worker.mjs"),
    // Started when a file comes and gone a minute after the last: verification is occasional.
    minThreads: 0,
    maxThreads: Math.min(2, os.availableParallelism()),
    idleTimeout: 60_000,
    // One file per thread: stopping a thread for its file stops nothing else.
    concurrentTasksPerWorker: 1,
    resourceLimits: { maxOldGenerationSizeMb: env().VERIFY_THREAD_HEAP_MB },
  });
  // A thread lost with no file in hand (out of memory while starting) is said, not thrown: an
  // 'error' event nobody listens to would end the process.
  holder.__sealpostVerifyPool.on("error", (err) => console.error(`[verify] a verification thread failed: ${(err as Error).message}`));
  return holder.__sealpostVerifyPool;
}

/** Ends the verification threads (tests that change the limits start a new pool). */
export async function closeVerifyPool(): Promise<void> {
  const pool = holder.__sealpostVerifyPool;
  holder.__sealpostVerifyPool = undefined;
  await pool?.destroy();
}
