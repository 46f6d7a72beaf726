import { afterEach, describe, expect, it } from "vitest";
import { blockedMessage, sendDecision, sendThresholds } from "@/lib/batch/send-thresholds";
import { resetEnvCache } from "@/lib/env";
import { thresholdsFromEnv } from "@/client/thresholds";

const saved = { warning: process.env.svc_batchwarningthreshold, max: process.env.svc_batchmaxthreshold };
const setEnv = (warning: string | undefined, max: string | undefined) => {
  for (const [k, v] of [
    ["svc_batchwarningthreshold", warning],
    ["svc_batchmaxthreshold", max],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
};
afterEach(() => setEnv(saved.warning, saved.max));

describe("the spec's thresholds", () => {
  it("default to 25 and 100, unset or empty (empty means default, as the spec says)", () => {
    setEnv(undefined, undefined);
    expect(sendThresholds()).toEqual({ warning: 25, max: 100 });
    setEnv("", "  ");
    expect(sendThresholds()).toEqual({ warning: 25, max: 100 });
  });

  it("are read from svc_batchwarningthreshold and svc_batchmaxthreshold", () => {
    setEnv("3", "5");
    expect(sendThresholds()).toEqual({ warning: 3, max: 5 });
  });

  it("refuse a value that is not a whole number of at least 1, naming the setting", () => {
    setEnv("many", "100");
    expect(() => sendThresholds()).toThrow(/svc_batchwarningthreshold/);
    setEnv("25", "0");
    expect(() => sendThresholds()).toThrow(/svc_batchmaxthreshold/);
  });

  it("with the defaults: 25 or fewer go at once, 26 to 100 need a confirmation, more than 100 are blocked", () => {
    const t = { warning: 25, max: 100 };
    expect([1, 25].map((n) => sendDecision(n, t).kind)).toEqual(["send", "send"]);
    expect([26, 100].map((n) => sendDecision(n, t).kind)).toEqual(["confirm", "confirm"]);
    expect(sendDecision(101, t)).toEqual({
      kind: "blocked",
      message: "You have selected 101 records. Select 100 or fewer records to send them in one batch.",
    });
    expect(sendDecision(10_000, t).kind).toBe("blocked");
  });

  it("with a warning threshold at or above the maximum, there is no confirmation band but the maximum still blocks", () => {
    expect([5, 6].map((n) => sendDecision(n, { warning: 10, max: 5 }).kind)).toEqual(["send", "blocked"]);
    expect([5, 6].map((n) => sendDecision(n, { warning: 5, max: 5 }).kind)).toEqual(["send", "blocked"]);
  });

  it("the blocked message names the configured maximum", () => {
    expect(blockedMessage(1_204, 1_000)).toBe("You have selected 1,204 records. Select 1,000 or fewer records to send them in one batch.");
  });

  it("the client reads the same settings from its own environment, with the same defaults and refusals", () => {
    expect(thresholdsFromEnv({})).toEqual({ warning: 25, max: 100 });
    expect(thresholdsFromEnv({ svc_batchwarningthreshold: " ", svc_batchmaxthreshold: "" })).toEqual({ warning: 25, max: 100 });
    expect(thresholdsFromEnv({ svc_batchwarningthreshold: "50", svc_batchmaxthreshold: "10000" })).toEqual({ warning: 50, max: 10_000 });
    expect(() => thresholdsFromEnv({ svc_batchmaxthreshold: "1e3" })).toThrow(/svc_batchmaxthreshold/);
    expect(() => thresholdsFromEnv({ svc_batchwarningthreshold: "0" })).toThrow(/svc_batchwarningthreshold/);
  });
});
