import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import type { WorkflowEventKind } from "@/lib/workflow/events";

/**
 * What each kind of event says to people: the console's timelines, the sealed record's audit trail
 * and the certificate's activity chain use these words, from the catalogues (`activity.*`); the
 * machine kind may follow them for an auditor, never stand in their place.
 */
const workflowEvents = {
  "workflow.created": "activity.workflowCreated",
  "workflow.invited": "activity.workflowInvited",
  "step.saved": "activity.stepSaved",
  "step.advanced": "activity.stepAdvanced",
  "workflow.validated": "activity.workflowValidated",
  "validation.reset": "activity.validationReset",
  "workflow.cancelled": "activity.workflowCancelled",
  "approval.requested": "activity.approvalRequested",
  "approval.stage-approved": "activity.approvalStageApproved",
  "approval.reminded": "activity.approvalReminded",
  "approval.escalated": "activity.approvalEscalated",
  "workflow.approved": "activity.workflowApproved",
  "workflow.rejected": "activity.workflowRejected",
  "changes.requested": "activity.changesRequested",
  "workflow.resubmitted": "activity.workflowResubmitted",
  "seal.requested": "activity.sealRequested",
  "workflow.sealed": "activity.workflowSealed",
  "delivery.created": "activity.deliveryCreated",
  "signer.invited": "activity.signerInvited",
  "signer.link-resent": "activity.signerLinkResent",
  "signer.viewed": "activity.signerViewed",
  "signer.otp-sent": "activity.signerOtpSent",
  "signer.otp-verified": "activity.signerOtpVerified",
  "signer.otp-failed": "activity.signerOtpFailed",
  "signer.otp-locked": "activity.signerOtpLocked",
  "signer.sign-requested": "activity.signerSignRequested",
  "signer.signed": "activity.signerSigned",
  "signer.declined": "activity.signerDeclined",
  "signer.expired": "activity.signerExpired",
  "signer.reminded": "activity.signerReminded",
  "signer.language-chosen": "activity.signerLanguageChosen",
  "workflow.signed": "activity.workflowSigned",
  "certificate.issued": "activity.certificateIssued",
  "otp.sent": "activity.otpSent",
  "otp.verified": "activity.otpVerified",
  "otp.failed": "activity.otpFailed",
  "otp.locked": "activity.otpLocked",
  "invite.resent": "activity.inviteResent",
  "language.chosen": "activity.languageChosen",
  "mail.failed": "activity.mailFailed",
} as const satisfies Record<WorkflowEventKind, string>;

/** A batch's timeline entries (its audit actions): the console's alone (`console.batches.events.*`); a failed mail is the workflows' `mail.failed`. */
const batchEvents = {
  "batch.submitted": "console.batches.events.submitted",
  "batch.approve": "console.batches.events.approved",
  "batch.reject": "console.batches.events.rejected",
  "batch.request-changes": "console.batches.events.changesRequested",
  "batch.cancelled": "console.batches.events.cancelled",
  "batch.processing": "console.batches.events.processing",
  "batch.completed": "console.batches.events.completed",
  "batch.partially-failed": "console.batches.events.partiallyFailed",
  "batch.resumed": "console.batches.events.resumed",
} as const;

/** An event kind in words, in `locale` (English by default); a kind without words stays as it is rather than vanish. */
export function eventText(kind: string, locale: Locale = DEFAULT_LOCALE): string {
  if (Object.hasOwn(workflowEvents, kind)) return translatorFor(locale)(workflowEvents[kind as WorkflowEventKind]);
  if (Object.hasOwn(batchEvents, kind)) return translatorFor(locale)(batchEvents[kind as keyof typeof batchEvents]);
  return kind;
}
