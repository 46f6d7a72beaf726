import type { WorkflowEventKind } from "@/lib/workflow/events";

/**
 * What each kind of event says to people: the console's timelines, the sealed record's audit trail
 * and the certificate's activity chain use these words; the machine kind may follow them for an
 * auditor, never stand in their place.
 */
const workflowEvents: Record<WorkflowEventKind, string> = {
  "workflow.created": "Started",
  "workflow.invited": "Participants invited",
  "step.saved": "Answers saved",
  "step.advanced": "Moved to the next step",
  "workflow.validated": "Submitted and checked",
  "validation.reset": "Reopened to fix validation",
  "workflow.cancelled": "Cancelled",
  "approval.requested": "Approval requested",
  "approval.stage-approved": "Stage approved",
  "approval.reminded": "Approver reminded",
  "approval.escalated": "Approval escalated",
  "workflow.approved": "Approved",
  "workflow.rejected": "Rejected",
  "changes.requested": "Changes requested",
  "workflow.resubmitted": "Resubmitted",
  "seal.requested": "Sealing requested",
  "workflow.sealed": "Sealed",
  "delivery.created": "Sealed PDF sent for delivery",
  "signer.invited": "Signer invited",
  "signer.link-resent": "Signing link sent again",
  "signer.viewed": "Signer opened the document",
  "signer.otp-sent": "Signer's passcode sent",
  "signer.otp-verified": "Signer's passcode verified",
  "signer.otp-failed": "Signer entered a wrong passcode",
  "signer.otp-locked": "Signer's passcode locked after too many tries",
  "signer.sign-requested": "Signer confirmed the signature",
  "signer.signed": "Signature added to the document",
  "signer.declined": "Signer declined to sign",
  "signer.expired": "Signer's link expired",
  "signer.reminded": "Signer reminded before the link expires",
  "signer.language-chosen": "Signer chose the signing page's language",
  "workflow.signed": "Signed by everyone",
  "certificate.issued": "Certificate of completion made",
  "otp.sent": "Passcode sent",
  "otp.verified": "Passcode verified",
  "otp.failed": "Wrong passcode entered",
  "otp.locked": "Passcode locked after too many tries",
  "invite.resent": "Invitation sent again",
  "language.chosen": "Portal language chosen",
  "mail.failed": "Mail could not be delivered",
};

/** A batch's timeline entries (its audit actions). */
const batchEvents: Record<string, string> = {
  "batch.submitted": "Submitted",
  "batch.approve": "Approved",
  "batch.reject": "Rejected",
  "batch.request-changes": "Changes requested",
  "batch.cancelled": "Cancelled",
  "batch.processing": "Processing started",
  "batch.completed": "Completed",
  "batch.partially-failed": "Finished with failures",
  "batch.resumed": "Processing resumed after a stall",
  "mail.failed": "Mail could not be delivered",
};

/** An event kind in words; a kind without words stays as it is rather than vanish. */
export const eventText = (kind: string): string => workflowEvents[kind as WorkflowEventKind] ?? batchEvents[kind] ?? kind;
