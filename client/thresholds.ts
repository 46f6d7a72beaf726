/**
 * The spec's source-system client thresholds (docs/spec.md, "Limits"): a client that sends records a person selected
 * sends up to `warning` at once, up to `max` only after the person confirms, and never more. They
 * bind the client, not the API (`POST /api/render` takes up to the server's own maximum). Pure and
 * dependency-free: the console's new batch page, the CLI and an integrator's CRM apply the same rule.
 */
export interface SendThresholds {
  warning: number;
  max: number;
}

export const DEFAULT_THRESHOLDS: SendThresholds = { warning: 25, max: 100 };

export type SendDecision = { kind: "send" } | { kind: "confirm" } | { kind: "blocked"; message: string };

/** A warning threshold at or above the maximum leaves no confirmation band: the maximum still blocks. */
export function sendDecision(count: number, t: SendThresholds): SendDecision {
  if (count > t.max) return { kind: "blocked", message: blockedMessage(count, t.max) };
  if (count > t.warning) return { kind: "confirm" };
  return { kind: "send" };
}

const figure = (n: number) => n.toLocaleString("en-GB");
const records = (n: number) => `${figure(n)} ${n === 1 ? "record" : "records"}`;

/** The spec's request, with the configured maximum: "select 100 or fewer". */
export const blockedMessage = (count: number, max: number) =>
  `You have selected ${records(count)}. Select ${figure(max)} or fewer records to send them in one batch.`;

/**
 * The thresholds from environment settings named as the spec names them (`svc_batchwarningthreshold`,
 * `svc_batchmaxthreshold`); unset or empty means the default. A value that is not a whole number of
 * at least 1 is an error naming the setting, never a silent default.
 */
export function thresholdsFromEnv(vars: Record<string, string | undefined>): SendThresholds {
  const read = (name: string, fallback: number) => {
    const raw = vars[name]?.trim();
    if (!raw) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a whole number of at least 1 (it is "${raw}")`);
    return Number(raw);
  };
  return {
    warning: read("svc_batchwarningthreshold", DEFAULT_THRESHOLDS.warning),
    max: read("svc_batchmaxthreshold", DEFAULT_THRESHOLDS.max),
  };
}
