import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { workflowCallbackAttempts, workflows } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { parseAllowedHosts, safePost, type PostOutcome } from "@/lib/net/safe-post";
import type { CallbackPayload } from "./enqueue-callback";
import { callbackHeaders } from "./sign-callback";

export type AttemptOutcome = "delivered" | "retry" | "gave-up" | "refused";

/**
 * One delivery attempt, recorded: 2xx delivered; 410 Gone means the receiver wants no more (gave-up);
 * a refused address (SSRF rules) is final too, since trying again would only be refused again; anything
 * else is retried, except on the last attempt (gave-up). An attempt already delivered is not repeated.
 */
export async function attemptCallback(
  p: CallbackPayload,
  attemptNo: number,
  last: boolean,
): Promise<{ outcome: AttemptOutcome; at: number }> {
  const db = await getDb();
  const [wf] = await db
    .select({ callbackUrl: workflows.callbackUrl })
    .from(workflows)
    .where(and(eq(workflows.id, p.workflowId), eq(workflows.tenantId, p.tenantId)));
  const [done] = await db
    .select({ id: workflowCallbackAttempts.id })
    .from(workflowCallbackAttempts)
    .where(and(eq(workflowCallbackAttempts.messageId, p.messageId), eq(workflowCallbackAttempts.outcome, "delivered")));
  // A retried step after a delivered attempt (or a workflow without a URL) has nothing left to do.
  if (done) return { outcome: "delivered", at: Date.now() };
  if (!wf?.callbackUrl) return { outcome: "gave-up", at: Date.now() };
  const body = JSON.stringify(p.body);
  const e = env();
  const result = await safePost(wf.callbackUrl, body, callbackHeaders(p.tenantId, p.messageId, body), {
    timeoutMs: e.CALLBACK_TIMEOUT_MS,
    allowedHosts: parseAllowedHosts(e.CALLBACK_ALLOWED_HOSTS),
  });
  const outcome = outcomeOf(result, last);
  await db
    .insert(workflowCallbackAttempts)
    .values({
      tenantId: p.tenantId,
      workflowId: p.workflowId,
      messageId: p.messageId,
      attemptNo,
      state: p.body.state,
      urlHost: result.host,
      outcome,
      statusCode: result.kind === "response" ? result.status : null,
      error: result.kind === "refused" ? result.reason : result.kind === "error" ? result.message : null,
      durationMs: result.durationMs,
    })
    .onConflictDoNothing();
  return { outcome, at: Date.now() };
}

function outcomeOf(r: PostOutcome, last: boolean): AttemptOutcome {
  if (r.kind === "refused") return "refused";
  if (r.kind === "response" && r.status >= 200 && r.status < 300) return "delivered";
  if (r.kind === "response" && r.status === 410) return "gave-up";
  return last ? "gave-up" : "retry";
}
