import type { PortalPrincipal, ReviewerBinding } from "@/lib/auth/portal-token";
import { getDb } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import { passcodeGate } from "@/lib/otp/rules";
import { findPasscode, portalHolder } from "@/lib/otp/store";
import { getWorkflow } from "../get-workflow";
import { tenantApprovers } from "../approval/approval-stage";
import { reviewerRefusal } from "../approval/approvers";
import { bootstrapPayload, type ReviewerView } from "../present-workflow";
import { signingPayload } from "@/lib/signing/signers/present-signing";
import { listSigners, signsAfterSealing } from "@/lib/signing/signers/signers";
import { canDo } from "../states";
import { otpGateClosed } from "../otp/otp-gate";

/** The rules of the decision routes (reviewerRefusal), asked in advance so the page offers no button the server refuses. */
async function reviewerView(wf: Workflow, reviewer: ReviewerBinding): Promise<ReviewerView> {
  const open = canDo("request-changes", wf.state) || canDo("governance-decision", wf.state);
  const refusal = open ? reviewerRefusal(wf, reviewer, await tenantApprovers(wf.tenantId)) : null;
  return {
    email: reviewer.email,
    stage: reviewer.stage,
    mayDecide: open && !refusal,
    refusal: refusal ? { code: refusal.code, detail: refusal.message } : null,
  };
}

/**
 * GET /api/workflow/{id}?token=…: the full payload once the passcode gate is open (or there is none);
 * before that, only what the gate page needs: no title, no schema, no data.
 */
export async function portalBootstrap(portal: PortalPrincipal) {
  const wf = await getWorkflow(portal.tenantId, portal.workflowId);
  const otpRequired = wf.settings.requireOtp;
  if (!otpGateClosed(wf, portal)) {
    const reviewer = portal.reviewer ? await reviewerView(wf, portal.reviewer) : undefined;
    const signers = signsAfterSealing(wf) ? await listSigners(wf.tenantId, wf.id) : [];
    const signing = signingPayload(wf, signers, { mask: portal.role === "participant" });
    return { ...bootstrapPayload(wf, portal.role, reviewer), signing, otpRequired, otpVerified: otpRequired ? portal.otpVerified : null };
  }
  const db = await getDb();
  return {
    workflow: { workflowId: wf.id, state: wf.state, organizationName: wf.settings.organizationName ?? null, requireOtp: true },
    role: portal.role,
    otpRequired: true,
    otpVerified: false,
    otp: passcodeGate(await findPasscode(db, portalHolder(wf)), Date.now()),
  };
}
