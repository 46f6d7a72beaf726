"use client";
import { useCallback, useEffect, useRef, useState } from "react";

/** What one save attempt came to: saved, try again later (network, 5xx), or stop (stale, link gone). */
export type SaveOutcome = "saved" | "retry" | "stop";
export type SaveStatus = "idle" | "pending" | "saving" | "saved" | "retrying" | "stopped";

const MAX_BACKOFF_MS = 30_000;

/**
 * Debounced saving while the participant types: `schedule` after each change saves `delay` ms after
 * the last one; one save runs at a time (a change during a save saves again after it); a failed save
 * retries with growing pauses; `flush` saves now and tells whether everything is saved.
 */
export function useAutosave(save: () => Promise<SaveOutcome>, delay = 800) {
  const [status, setStatus] = useState<SaveStatus>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef<Promise<SaveOutcome> | null>(null);
  const dirty = useRef(false);
  const failures = useRef(0);
  const saveRef = useRef(save);
  const mounted = useRef(true);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const run = useCallback(async (): Promise<SaveOutcome> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    while (running.current) await running.current;
    if (!dirty.current) return "saved";
    dirty.current = false;
    setStatus("saving");
    const attempt = saveRef.current().catch((): SaveOutcome => "retry");
    running.current = attempt;
    const outcome = await attempt;
    running.current = null;
    if (outcome === "retry") {
      dirty.current = true;
      failures.current += 1;
      setStatus("retrying");
      const wait = Math.min(1000 * 2 ** failures.current, MAX_BACKOFF_MS);
      // A page left behind does not retry for ever: its draft stays in sessionStorage instead.
      if (mounted.current) timer.current = setTimeout(() => void run(), wait);
    } else if (outcome === "stop") {
      setStatus("stopped");
    } else {
      failures.current = 0;
      // A change typed while saving is saved by its own timer; until then it is pending.
      setStatus(dirty.current ? "pending" : "saved");
    }
    return outcome;
  }, []);

  // Leaving the page (Back, a Change link) with a save still waiting: send it now, not never.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (!timer.current) return;
      clearTimeout(timer.current);
      timer.current = null;
      void run();
    };
  }, [run]);

  const schedule = useCallback(() => {
    dirty.current = true;
    setStatus((s) => (s === "stopped" ? s : s === "retrying" ? s : "pending"));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void run(), delay);
  }, [delay, run]);

  /** Saves what is pending now (Continue): true when the step is saved as it stands. */
  const flush = useCallback(async (): Promise<boolean> => {
    dirty.current = true;
    failures.current = 0;
    const outcome = await run();
    if (outcome === "retry" && timer.current) {
      // Continue waits for the answer; the background retry keeps going if it fails.
      return false;
    }
    return outcome === "saved";
  }, [run]);

  return { status, schedule, flush };
}
