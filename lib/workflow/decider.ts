import type { Principal } from "@/lib/auth/bearer";
import type { PortalPrincipal } from "@/lib/auth/portal-token";
import type { Workflow } from "@/lib/db/schema";
import { assertMayDecide } from "./approvers";
import { bearerActor, portalActor, type Actor } from "./events";

/**
 * Who takes a reviewer's decision (reject, request-changes, governance decision): a signed-in person
 * (a bearer token, or the console's session), who must be an approver of the current stage and not
 * the initiator; or the reviewer portal token of the approval mail, which names the workflow and the
 * role but no person (recorded as `portal:reviewer`).
 */
export interface Decider {
  tenantId: string;
  actor: Actor;
  /** Inside the row lock: the name the history records, or 403 (workflow.self_approval, workflow.not_approver). */
  by: (wf: Workflow) => string;
}

export function personDecider(principal: Principal): Decider {
  return { tenantId: principal.tenant.id, actor: bearerActor(principal), by: (wf) => assertMayDecide(wf, principal.email, principal.tenant.approvers) };
}

export function reviewerDecider(portal: PortalPrincipal): Decider {
  const actor = portalActor(portal);
  return { tenantId: portal.tenantId, actor, by: () => actor.name };
}
