import type { Principal } from "@/lib/auth/bearer";
import type { PortalPrincipal } from "@/lib/auth/portal-token";
import type { Workflow } from "@/lib/db/schema";
import { tenantApprovers } from "./approval-stage";
import { assertMayDecide, assertReviewerMayDecide } from "./approvers";
import { bearerActor, portalActor, type Actor } from "../events";

/**
 * Who takes a reviewer's decision (reject, request-changes, governance decision): a signed-in person
 * (a bearer token, or the console's session), who must be an approver of the current stage and not
 * the initiator; or the reviewer portal token of an approval mail, which names the approver it was
 * mailed to and the stage: that approver must still be one of the current stage's, and the stage the
 * current one (recorded under the approver's email).
 */
export interface Decider {
  tenantId: string;
  actor: Actor;
  /** Inside the row lock: the name the history records, or 403 (workflow.self_approval, workflow.not_approver). */
  by: (wf: Workflow) => string;
}

export function personDecider(principal: Principal): Decider {
  return {
    tenantId: principal.tenant.id,
    actor: bearerActor(principal),
    by: (wf) => assertMayDecide(wf, principal.email, principal.tenant.approvers),
  };
}

/** The tenant's approvers are read before the workflow's row is locked (PGlite has one connection). */
export async function reviewerDecider(portal: PortalPrincipal): Promise<Decider> {
  const approvers = await tenantApprovers(portal.tenantId);
  return { tenantId: portal.tenantId, actor: portalActor(portal), by: (wf) => assertReviewerMayDecide(wf, portal, approvers) };
}
