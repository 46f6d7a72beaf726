import type { Piscina } from "piscina";
import { readProgress, TaskPhase, type TaskProgress } from "./task-progress";

/**
 * A task that never ends (a runaway document) must not hold a pool's thread for ever: once it has
 * run `timeoutMs`, its thread is stopped (piscina fails the thread's tasks and starts a replacement)
 * and `stopped` is set for the caller to give the reason. Timed from the start of the work, which the
 * thread records in the task's progress, not from when the task was handed over, and only until the
 * work ends. A write (phase storing) has the blob store's own deadline and is never stopped.
 */
export function stopOnOverrun(pool: Piscina, progress: TaskProgress, timeoutMs: number) {
  const state = { stopped: false, timeoutMs, cancel: () => clearTimeout(timer) };
  const check = () => {
    const { phase, threadId, startedAt } = readProgress(progress);
    if (phase === TaskPhase.done || phase === TaskPhase.storing) return;
    const ranFor = phase === TaskPhase.waiting ? 0 : Date.now() - startedAt;
    if (ranFor < timeoutMs) {
      timer = setTimeout(check, timeoutMs - ranFor).unref();
      return;
    }
    state.stopped = true;
    void pool.threads.find((t) => t.threadId === threadId)?.terminate();
  };
  let timer = setTimeout(check, timeoutMs).unref();
  return state;
}
