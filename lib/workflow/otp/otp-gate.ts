import type { PortalPrincipal } from "@/lib/auth/portal-token";
import type { Workflow } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";

/**
 * With requireOtp, a participant token sees and changes nothing until its token family passed the
 * passcode. Reviewer tokens are not gated: they come with the approval mail, not the participant's link.
 */
export const otpGateClosed = (wf: Workflow, portal: PortalPrincipal): boolean =>
  wf.settings.requireOtp && portal.role === "participant" && !portal.otpVerified;

/** 403 otp.required while the gate is closed. */
export function assertOtpPassed(wf: Workflow, portal: PortalPrincipal): void {
  if (otpGateClosed(wf, portal)) {
    throw new AppError("otp.required", "Verify the one-time passcode first: POST otp/send, then otp/verify with the code from the mail");
  }
}

/** 409 otp.not_required on the OTP routes of a workflow without requireOtp. */
export function assertOtpRequired(wf: Workflow): void {
  if (!wf.settings.requireOtp)
    throw new AppError("otp.not_required", "This workflow was created without requireOtp; its portal needs no passcode");
}
