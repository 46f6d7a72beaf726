/**
 * Every error a client can see has a stable code; the status comes from this one table so that the
 * same condition always answers the same way.
 */
export const problemCodes = {
  "request.malformed_json": { status: 400, title: "Malformed JSON body" },
  "request.invalid": { status: 400, title: "Invalid request" },
  "request.invalid_characters": { status: 400, title: "Text that cannot be stored" },
  "request.method_not_allowed": { status: 405, title: "Method not allowed" },
  "request.too_large": { status: 413, title: "Request body too large" },
  "request.unsupported_media_type": { status: 415, title: "Unsupported media type" },
  "auth.token_missing": { status: 401, title: "Bearer token required" },
  "auth.token_invalid": { status: 401, title: "Invalid token" },
  "auth.token_expired": { status: 401, title: "Token expired" },
  "auth.tenant_unknown": { status: 403, title: "Tenant not registered" },
  "auth.forbidden": { status: 403, title: "Not allowed" },
  "licence.feature_missing": { status: 403, title: "Licence does not include this feature" },
  "licence.tier_required": { status: 403, title: "Licence tier does not include this" },
  "template.not_found": { status: 422, title: "Template not found" },
  "template.path_invalid": { status: 422, title: "Template path not allowed" },
  "template.invalid": { status: 422, title: "Template is invalid" },
  "batch.not_found": { status: 404, title: "Batch not found" },
  "batch.invalid_state": { status: 409, title: "Batch is not in a state that allows this" },
  "batch.self_approval": { status: 403, title: "Submitters cannot decide their own batch" },
  "batch.not_approver": { status: 403, title: "Caller is not an approver of this batch" },
  "batch.too_many_records": { status: 413, title: "Too many records" },
  "batch.dispatch_not_enabled": { status: 422, title: "Batch dispatch is not enabled for this request" },
  "batch.empty": { status: 422, title: "No records" },
  "batch.settings_invalid": { status: 422, title: "Distribution settings are invalid" },
  "batch.no_approver": { status: 422, title: "Nobody but the submitter can approve this batch" },
  "batch.document_not_ready": { status: 409, title: "Document not rendered" },
  "batch.records_unreadable": { status: 422, title: "Records could not be read" },
  "batch.invalid_records": { status: 422, title: "Records failed validation" },
  "record.invalid": { status: 422, title: "Record failed validation" },
  "workflow.not_found": { status: 404, title: "Workflow not found" },
  "workflow.step_not_found": { status: 404, title: "Workflow step not found" },
  "workflow.invalid_state": { status: 409, title: "Workflow is not in a state that allows this" },
  "workflow.stale_version": { status: 409, title: "Workflow data changed since this version" },
  "workflow.step_not_reached": { status: 409, title: "Workflow step not reached yet" },
  "workflow.schema_invalid": { status: 422, title: "Workflow schema is invalid" },
  "workflow.field_invalid": { status: 422, title: "Field value is invalid" },
  "workflow.esign_invalid": { status: 422, title: "E-signature settings are invalid" },
  "workflow.not_approver": { status: 403, title: "Caller is not an approver of the current stage" },
  "workflow.self_approval": { status: 403, title: "The initiator cannot decide their own workflow" },
  "workflow.review_stage_passed": { status: 409, title: "The review link is for an earlier approval stage" },
  "workflow.not_initiator": { status: 403, title: "Only the initiator or an admin may do this" },
  "workflow.rules_failed": { status: 409, title: "Rules failed; approve needs every rule passed" },
  "workflow.no_failed_rules": { status: 409, title: "No error rule failed; there is nothing to except" },
  "workflow.justification_required": { status: 422, title: "A justification is required" },
  "workflow.field_unknown": { status: 422, title: "Field key is not in the workflow schema" },
  "workflow.no_escalation_target": { status: 409, title: "No further approver to escalate to" },
  "workflow.not_sealed": { status: 409, title: "Workflow has no sealed document yet" },
  "workflow.otp_recipient_missing": { status: 422, title: "One-time passcodes need a recipient" },
  "workflow.locale_unsupported": { status: 422, title: "Sealpost does not write this language" },
  "workflow.no_recipients": { status: 409, title: "Nobody to send the invitation to" },
  "workflow.resend_rate_limited": { status: 429, title: "Invitation resent too often" },
  "workflow.export_format": { status: 400, title: "Unknown export format" },
  "esign.link_invalid": { status: 404, title: "Signing link not found" },
  "esign.link_replaced": { status: 410, title: "Signing link replaced by a newer one" },
  "esign.link_expired": { status: 410, title: "Signing link expired" },
  "esign.link_used": { status: 410, title: "Signing link already used" },
  "esign.signing_closed": { status: 409, title: "Signing has ended for this document" },
  "esign.not_your_turn": { status: 409, title: "An earlier signer has not signed yet" },
  "esign.consent_outdated": { status: 422, title: "The consent text is not the current one" },
  "esign.mark_invalid": { status: 422, title: "The signature mark is invalid" },
  "esign.not_enabled": { status: 409, title: "This workflow has no e-signature" },
  "esign.signer_not_found": { status: 404, title: "No such signer" },
  "esign.signer_done": { status: 409, title: "The signer has already signed or declined" },
  "esign.not_pdf": { status: 422, title: "The body is not a readable PDF" },
  "esign.not_configured": { status: 409, title: "No signing key is configured for this tenant" },
  "esign.certificate_not_ready": { status: 409, title: "The certificate of completion is not made yet" },
  "esign.no_document": { status: 409, title: "The document has not been sealed for signing yet" },
  "otp.required": { status: 403, title: "One-time passcode not verified" },
  "otp.not_required": { status: 409, title: "This workflow does not use one-time passcodes" },
  "otp.rate_limited": { status: 429, title: "One-time passcode sent too recently" },
  "otp.locked": { status: 429, title: "One-time passcode locked after too many wrong tries" },
  "otp.not_sent": { status: 409, title: "No one-time passcode to verify" },
  "otp.expired": { status: 410, title: "One-time passcode expired" },
  "otp.invalid": { status: 422, title: "Wrong one-time passcode" },
  "portal.token_missing": { status: 401, title: "Portal token required" },
  "portal.token_invalid": { status: 401, title: "Invalid portal token" },
  "portal.token_expired": { status: 401, title: "Portal token expired" },
  "portal.wrong_workflow": { status: 403, title: "Portal token is for another workflow" },
  "portal.role_forbidden": { status: 403, title: "Portal token role does not allow this" },
  "resource.not_found": { status: 404, title: "Not found" },
  "delivery.not_found": { status: 404, title: "Delivery session not found" },
  "explain.retention_conflict": { status: 400, title: "Traces would be deleted before they are archived" },
  "explain.trace_not_found": { status: 404, title: "Explain trace not found (yet)" },
  "explain.batch_correlation_id": { status: 404, title: "A batch has no explain trace; each record has its own" },
  "delivery.expired": { status: 410, title: "Delivery link expired" },
  "delivery.revoked": { status: 410, title: "Delivery link revoked" },
  rate_limited: { status: 429, title: "Too many requests" },
  internal: { status: 500, title: "Internal error" },
  unavailable: { status: 503, title: "Service unavailable" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof problemCodes;

export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ProblemCode,
    detail?: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; [k: string]: unknown } = {},
  ) {
    super(detail ?? problemCodes[code].title);
  }
  get status(): number {
    return problemCodes[this.code].status;
  }
}

export function problemResponse(err: AppError): Response {
  const { headers, ...rest } = err.extra;
  // Extensions come first so that none can overwrite a member RFC 9457 defines.
  const body = {
    ...rest,
    type: `https://sealpost.dev/problems/${err.code.replace(/[._]/g, "-")}`,
    title: problemCodes[err.code].title,
    status: err.status,
    detail: err.message,
    code: err.code,
  };
  return new Response(JSON.stringify(body), {
    status: err.status,
    headers: { "content-type": "application/problem+json", ...headers },
  });
}
