/**
 * What the background loops of this process report about themselves, for GET /api/health. A part is
 * stalled when work has been due for longer than HEALTH_STALL_MS without any getting done, or when its
 * loop has not finished a round for that long: either way an orchestrator should restart it.
 */
export type PartName = "runner" | "mail";

interface PartState {
  /** When work first was due without progress since; null while it progresses or has nothing to do. */
  dueSince: number | null;
  lastProgressAt: number | null;
  lastRoundAt: number;
  detail: string | null;
}

export interface PartHealth {
  status: "ok" | "stalled";
  lastProgressAt: string | null;
  /** Stalled since (or, while ok, waiting since) this time. */
  since?: string;
  detail?: string;
}

const holder = globalThis as unknown as { __sealpostProgress?: Map<PartName, PartState> };
const parts = (holder.__sealpostProgress ??= new Map<PartName, PartState>());

export interface ProgressReporter {
  /** Work got done this round. */
  progressed(): void;
  /** Nothing is due. */
  idle(): void;
  /** Work is due and none got done (with why, when known). */
  waiting(detail?: string): void;
  /** The loop ended (stop()): it no longer reports. */
  remove(): void;
}

export function reportProgress(name: PartName): ProgressReporter {
  const state: PartState = { dueSince: null, lastProgressAt: null, lastRoundAt: Date.now(), detail: null };
  parts.set(name, state);
  return {
    progressed() {
      state.lastProgressAt = state.lastRoundAt = Date.now();
      state.dueSince = null;
      state.detail = null;
    },
    idle() {
      state.lastRoundAt = Date.now();
      state.dueSince = null;
      state.detail = null;
    },
    waiting(detail) {
      state.lastRoundAt = Date.now();
      state.dueSince ??= state.lastRoundAt;
      if (detail) state.detail = detail;
    },
    remove() {
      if (parts.get(name) === state) parts.delete(name);
    },
  };
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/** Every running part's health; a part not running in this process (a worker does it) is absent. */
export function backgroundHealth(stallMs: number, now = Date.now()): Partial<Record<PartName, PartHealth>> {
  const out: Partial<Record<PartName, PartHealth>> = {};
  for (const [name, s] of parts) {
    const silentSince = now - s.lastRoundAt > stallMs ? s.lastRoundAt : null;
    const stuckSince = s.dueSince !== null && now - s.dueSince > stallMs ? s.dueSince : null;
    const since = silentSince ?? stuckSince;
    out[name] = {
      status: since === null ? "ok" : "stalled",
      lastProgressAt: iso(s.lastProgressAt),
      ...(since !== null ? { since: iso(since)! } : s.dueSince !== null ? { since: iso(s.dueSince)! } : {}),
      ...(silentSince !== null
        ? { detail: `no round finished for ${Math.round((now - silentSince) / 1000)} s` }
        : s.detail
          ? { detail: s.detail }
          : {}),
    };
  }
  return out;
}
