import { issuePortalToken } from "@/lib/auth/portal-token";
import { resetEnvCache } from "@/lib/env";
import { startStack, type Stack } from "./stack";

/**
 * A stack whose portal-token secret this process shares, so that tests can make tokens (expired,
 * reviewer, other workflow) signed as the server signs them; `stop` forgets the secret again.
 */
export async function startWorkflowStack(opts: Parameters<typeof startStack>[0] = {}): Promise<Stack> {
  const stack = await startStack(opts);
  process.env.PORTAL_TOKEN_SECRET = stack.env.PORTAL_TOKEN_SECRET;
  resetEnvCache();
  const stop = stack.stop.bind(stack);
  return Object.assign(stack, {
    stop: async () => {
      delete process.env.PORTAL_TOKEN_SECRET;
      resetEnvCache();
      await stop();
    },
  });
}

let seq = 0;
/** A correlation id no other test (or earlier run on the same database) has used. */
export const uniqueCorrelationId = (label: string) => `${label}-${Date.now()}-${++seq}`;

/** A portal call with the token in `X-Svc-Portal-Token`, as the portal page sends it. */
export const portalCall = (stack: Stack, method: string, path: string, token: string, body?: unknown) =>
  stack.api(null, method, path, body, { "x-svc-portal-token": token });

/**
 * A reviewer token as the approval mail's link carries it: bound to an approver and a stage (by default
 * the acme tenant's first approver at stage 1, who may decide a workflow whose schema names no approvers).
 */
export const reviewerToken = (
  workflowId: string,
  tenantId = "acme",
  reviewer = { email: "approver@acme.test", stage: 1 },
  issuedAt?: number,
) => issuePortalToken({ workflowId, tenantId, role: "reviewer", reviewer }, issuedAt);
