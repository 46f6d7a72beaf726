import type { TagColour } from "./labels";
import type { WorkflowEventKind } from "@/lib/workflow/events";
import type { WorkflowState } from "@/lib/workflow/states";

/** Workflow states in the words and colours the console shows them in, in the order of the filters. */
export const workflowStateLabels: Record<WorkflowState, { label: string; colour: TagColour }> = {
  "pending-approval": { label: "Waiting for approval", colour: "yellow" },
  "in-progress": { label: "Being filled in", colour: "blue" },
  "validation-failed": { label: "Failed validation", colour: "red" },
  "changes-requested": { label: "Changes requested", colour: "yellow" },
  sealing: { label: "Sealing", colour: "blue" },
  complete: { label: "Complete", colour: "green" },
  rejected: { label: "Rejected", colour: "red" },
  cancelled: { label: "Cancelled", colour: "grey" },
};

export const workflowStateLabel = (s: string) => workflowStateLabels[s as WorkflowState] ?? { label: s, colour: "grey" as TagColour };

/** Sealing ends on its own (the seal job): a page showing it refreshes itself until it is complete. */
export const liveWorkflowStates: readonly string[] = ["sealing"];

const eventLabels: Record<WorkflowEventKind, string> = {
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
  "workflow.signed": "Signed by everyone",
  "certificate.issued": "Certificate of completion made",
  "otp.sent": "Passcode sent",
  "otp.verified": "Passcode verified",
  "otp.failed": "Wrong passcode entered",
  "otp.locked": "Passcode locked after too many tries",
  "invite.resent": "Invitation sent again",
  "mail.failed": "Mail could not be delivered",
};

export const eventLabel = (kind: string) => eventLabels[kind as WorkflowEventKind] ?? kind;
