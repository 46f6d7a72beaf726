import type { Principal } from "@/lib/auth/bearer";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/http/problem";
import { bearerActor } from "@/lib/workflow/events";
import { lockWorkflow } from "@/lib/workflow/get-workflow";
import { mayManage } from "@/lib/workflow/approval/approvers";
import { assertResendAllowed, nextResendAt } from "@/lib/workflow/portal/resend-invite";
import { assertCan } from "@/lib/workflow/states";
import { inviteSigners } from "./invite-signers";
import { presentSigner } from "./present-signing";
import { lockSigners, signsAfterSealing } from "./signers";

/**
 * POST /api/workflow/{id}/signers/{n}/resend (the initiator or an admin): signer n (0-based, as
 * `signing.signers[].position`) gets a new link by mail and the old one is dead; an expired signer is
 * invited again. Only a signer who was invited and has not acted: a signer still waiting for an
 * earlier one (sequential) is 409 esign.not_your_turn, one who signed or declined 409
 * esign.signer_done. Rate limited per signer as resend-invite is per workflow (one a minute, five an
 * hour; 429 workflow.resend_rate_limited with Retry-After), under the workflow's row lock.
 */
export async function resendSignerLink(principal: Principal, workflowId: string, position: number) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const wf = await lockWorkflow(tx, principal.tenant.id, workflowId);
    if (!mayManage(wf, principal))
      throw new AppError("workflow.not_initiator", "Only the initiator of the workflow or an admin may send a signer a new link");
    if (!signsAfterSealing(wf))
      throw new AppError("esign.not_enabled", "This workflow was created without templateSettings.esign; it has no signers");
    assertCan("signer-resend", wf.state);
    const signers = await lockSigners(tx, wf);
    const signer = signers.find((s) => s.position === position);
    if (!signer)
      throw new AppError("esign.signer_not_found", `The workflow has signers 0 to ${signers.length - 1}; there is no signer ${position}`);
    if (signer.signRequestedAt || signer.signedAt || signer.declinedAt)
      throw new AppError(
        "esign.signer_done",
        `Signer ${position} has already ${signer.declinedAt ? "declined" : "signed"}; there is nothing to resend`,
      );
    if (!signer.invitedAt)
      throw new AppError(
        "esign.not_your_turn",
        `Signer ${position} is not invited yet: signers sign in order, and an earlier one has not signed`,
      );
    const now = Date.now();
    assertResendAllowed(await nextResendAt(tx, wf, now, "signer.link-resent", position), now, `Signer ${position}'s link`);
    await inviteSigners(tx, wf, [signer], new Date(now), { resend: true, actor: bearerActor(principal), total: signers.length });
    const [fresh] = (await lockSigners(tx, wf)).filter((s) => s.id === signer.id);
    return {
      sent: 1,
      signer: presentSigner(fresh, false),
      nextAllowedAt: new Date(await nextResendAt(tx, wf, now, "signer.link-resent", position)).toISOString(),
    };
  });
}
