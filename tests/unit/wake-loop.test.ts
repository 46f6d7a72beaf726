import { afterEach, describe, expect, it, vi } from "vitest";
import { backgroundHealth, reportProgress } from "@/lib/health/progress";
import { startWakeLoop, type WakeLoop } from "@/lib/jobs/wake-loop";

describe("wake loop", () => {
  let loop: WakeLoop | null = null;
  afterEach(async () => {
    await loop?.stop();
    loop = null;
  });

  it("abandons a round that overruns its deadline, logs it, reports it and goes on", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const progress = reportProgress("mail");
    let rounds = 0;
    loop = startWakeLoop({ label: "[test] round failed", intervalMs: 10, deadlineMs: 100, progress }, async () => {
      rounds++;
      if (rounds === 1) await new Promise(() => {}); // a peer that never answers
      progress.progressed();
      return false;
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(rounds).toBeGreaterThan(2);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^\[test\] round failed: the round did not finish within 100 ms/));
    expect(backgroundHealth(1_000).mail?.status).toBe("ok");
    errors.mockRestore();
  });
});

describe("background health", () => {
  afterEach(() => vi.useRealTimers());

  it("calls a part stalled once work has been due without progress for longer than the threshold, and says since when", () => {
    vi.useFakeTimers();
    const t0 = Date.parse("2026-11-23T10:00:00.000Z");
    vi.setSystemTime(t0);
    const p = reportProgress("runner");
    for (let s = 0; s <= 6; s++) {
      vi.setSystemTime(t0 + s * 1_000);
      p.waiting("cannot claim jobs: connection refused"); // one round a second, each failing
      if (s === 1) expect(backgroundHealth(5_000).runner).toMatchObject({ status: "ok", since: "2026-11-23T10:00:00.000Z" });
    }
    expect(backgroundHealth(5_000).runner).toMatchObject({
      status: "stalled",
      since: "2026-11-23T10:00:00.000Z",
      detail: "cannot claim jobs: connection refused",
    });
    p.progressed();
    expect(backgroundHealth(5_000).runner?.status).toBe("ok");
    // A loop that stops finishing rounds at all is stalled too, whatever it last said.
    vi.setSystemTime(t0 + 12_000);
    expect(backgroundHealth(5_000).runner).toMatchObject({ status: "stalled", detail: expect.stringContaining("no round finished") });
    p.remove();
    expect(backgroundHealth(5_000).runner).toBeUndefined();
  });
});
