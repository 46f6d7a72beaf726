import { env, type Env } from "@/lib/env";
import { plural } from "@/lib/plural";

/** The spec's source-system client thresholds: svc_batchwarningthreshold and svc_batchmaxthreshold. */
export interface SendThresholds {
  warning: number;
  max: number;
}

export const sendThresholds = (e: Pick<Env, "svc_batchwarningthreshold" | "svc_batchmaxthreshold"> = env()): SendThresholds => ({
  warning: e.svc_batchwarningthreshold,
  max: e.svc_batchmaxthreshold,
});

/**
 * What a client does with a list of `count` records (spec, Limits): up to the warning threshold it
 * sends at once, up to the maximum only after the person confirms, above it never. A warning
 * threshold set above the maximum leaves no confirmation band: the maximum still blocks.
 */
export type SendDecision = { kind: "send" } | { kind: "confirm" } | { kind: "blocked"; message: string };

export function sendDecision(count: number, t: SendThresholds): SendDecision {
  if (count > t.max) return { kind: "blocked", message: blockedMessage(count, t.max) };
  if (count > t.warning) return { kind: "confirm" };
  return { kind: "send" };
}

/** The spec's request, with the configured maximum: "select 100 or fewer". */
export const blockedMessage = (count: number, max: number) =>
  `You have selected ${plural(count, "record")}. Select ${max.toLocaleString("en-GB")} or fewer records to send them in one batch.`;
