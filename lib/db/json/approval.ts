/** One entry of a workflow's approval history (workflows.approvalHistory; sealed into the PDF, in order). */
export interface ApprovalEntry {
  action: "approved" | "approved-with-exception" | "rejected" | "changes-requested" | "escalated" | "seal-requested";
  /** 1-based stage the entry belongs to (0 when the workflow was not in approval, e.g. a governance decision on validation-failed). */
  stage: number;
  /** The approver's email (a reviewer link's is the approver it was mailed to), or the caller of escalate/seal (`system` for the scheduler). */
  by: string;
  comment: string | null;
  at: string;
  /** escalated: the approver the pending approval moved to. */
  to?: string;
  /**
   * changes-requested: the requests themselves. The workflow's changeRequests hold only the latest
   * round; the history keeps every round's, so the sealed record can say what was asked each time.
   */
  changes?: ChangeRequest[];
}

/** A reviewer's change request (docs/spec.md, "Workflow create request": request-changes body), as stored (workflows.changeRequests) and shown to the participant. */
export interface ChangeRequest {
  id: string;
  message: string;
  fieldKey: string | null;
  /** Step holding fieldKey (null for a request about the whole submission). */
  stepIndex: number | null;
  severity: "info" | "warning" | "error";
  category: string | null;
  dueDate: string | null;
  requestedAt: string;
}

/** An approve-with-exception decision (workflows.approvalException): who overrode which failed error rules, and why (sealed into the PDF). */
export interface ApprovalException {
  justification: string;
  failedRules: string[];
  stage: number;
  by: string;
  at: string;
}
