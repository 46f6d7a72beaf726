import type { PortalPrincipal } from "@/lib/auth/portal-token";
import { getDb } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import type { PasscodeLetter } from "@/lib/otp/mail";
import { sendPasscode } from "@/lib/otp/passcode";
import { portalHolder } from "@/lib/otp/store";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { portalActor, recordEvent } from "../events";
import { participantMailLocale } from "../portal/portal-locale";
import { lockWorkflow } from "../get-workflow";
import { assertOtpRequired } from "./otp-gate";

/**
 * POST /api/workflow/{id}/otp/send: a new 6-digit code to the first recipient, in their language,
 * replacing any earlier one, on the rules of lib/otp (one send a minute, none during a lockout). Under
 * the workflow's row lock, so two sends at once cannot both pass the limit.
 */
export async function sendOtp(portal: PortalPrincipal) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const wf = await lockWorkflow(tx, portal.tenantId, portal.workflowId);
    assertOtpRequired(wf);
    const first = wf.settings.recipients[0];
    const to = first.email;
    return sendPasscode(
      tx,
      portalHolder(wf),
      letter(wf, to),
      () => recordEvent(tx, wf, "otp.sent", portalActor(portal), { to }),
      participantMailLocale(wf.settings, first, await tenantDefaultLocale(wf.tenantId, tx)),
    );
  });
}

const letter = (wf: Workflow, to: string): PasscodeLetter => ({
  to,
  purpose: "form",
  organisation: wf.settings.organizationName ?? null,
  title: wf.title,
  reference: wf.correlationId,
});
