import { threadId } from "node:worker_threads";

/**
 * Where a task handed to a render thread is, shared between the caller and the thread (one
 * SharedArrayBuffer per task): its phase, the thread running it and when its layout began. The caller
 * reads it to time a render from the start of its layout rather than from when it was handed over (a
 * thread holds a second task while it lays out the first), to stop the right thread when a render
 * overruns, and to tell a store's failure (the PDF was laid out) or a thread lost under another task
 * (this one never began) from the record's own failure.
 */
export type TaskProgress = BigInt64Array;

export const TaskPhase = { waiting: 0, layingOut: 1, storing: 2, done: 3 } as const;
export type TaskPhase = (typeof TaskPhase)[keyof typeof TaskPhase];

const PHASE = 0;
const THREAD = 1;
const STARTED_AT = 2;

export function newTaskProgress(): TaskProgress {
  return new BigInt64Array(new SharedArrayBuffer(3 * BigInt64Array.BYTES_PER_ELEMENT));
}

/** Called by the render thread; beginning the layout also records the thread and the time. */
export function markPhase(progress: TaskProgress | undefined, phase: TaskPhase): void {
  if (!progress) return;
  if (phase === TaskPhase.layingOut) {
    Atomics.store(progress, THREAD, BigInt(threadId));
    Atomics.store(progress, STARTED_AT, BigInt(Date.now()));
  }
  Atomics.store(progress, PHASE, BigInt(phase));
}

export function readProgress(progress: TaskProgress): { phase: TaskPhase; threadId: number; startedAt: number } {
  return {
    phase: Number(Atomics.load(progress, PHASE)) as TaskPhase,
    threadId: Number(Atomics.load(progress, THREAD)),
    startedAt: Number(Atomics.load(progress, STARTED_AT)),
  };
}
