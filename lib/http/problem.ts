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
  "batch.document_not_ready": { status: 409, title: "Document not rendered" },
  "batch.invalid_records": { status: 422, title: "Records failed validation" },
  "record.invalid": { status: 422, title: "Record failed validation" },
  "resource.not_found": { status: 404, title: "Not found" },
  "delivery.not_found": { status: 404, title: "Delivery session not found" },
  "delivery.expired": { status: 410, title: "Delivery link expired" },
  "delivery.revoked": { status: 410, title: "Delivery link revoked" },
  "rate_limited": { status: 429, title: "Too many requests" },
  "internal": { status: 500, title: "Internal error" },
  "unavailable": { status: 503, title: "Service unavailable" },
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
  const body = {
    type: `https://sealpost.dev/problems/${err.code.replace(/[._]/g, "-")}`,
    title: problemCodes[err.code].title,
    status: err.status,
    detail: err.message,
    code: err.code,
    ...rest,
  };
  return new Response(JSON.stringify(body), {
    status: err.status,
    headers: { "content-type": "application/problem+json", ...headers },
  });
}
