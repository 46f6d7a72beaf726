import { env, type Env } from "@/lib/env";
import type { SendThresholds } from "@/client/thresholds";

export { blockedMessage, sendDecision, type SendDecision, type SendThresholds } from "@/client/thresholds";

/** The spec's source-system client thresholds (docs/spec.md, "Limits") as this server is configured: svc_batchwarningthreshold and svc_batchmaxthreshold. */
export const sendThresholds = (e: Pick<Env, "svc_batchwarningthreshold" | "svc_batchmaxthreshold"> = env()): SendThresholds => ({
  warning: e.svc_batchwarningthreshold,
  max: e.svc_batchmaxthreshold,
});
