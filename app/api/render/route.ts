import { renderExamples } from "@/lib/batch/api-examples";
import { handleRenderRequest } from "@/lib/batch/handle-render-request";
import { renderRequestSchema } from "@/lib/batch/request-schema";
import { pdfResponse } from "@/lib/http/pdf-response";
import { methods, route } from "@/lib/http/route";
import { correlationHeader } from "@/lib/http/id-header";
import { receiptHeaders } from "@/lib/batch/answer-schemas";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    body: renderRequestSchema,
    examples: renderExamples,
    summary: "Render one document, or submit a batch",
    description: md(
      "- **One document or a batch.** An array `dataSource` is a governed batch: it needs `features.svcDispatch: true`, or distribution `enabled` and `requireApproval` both true; otherwise 422 `batch.dispatch_not_enabled`. An object `dataSource` is one document rendered synchronously: 200 `application/pdf` with `X-Svc-CorrelationId`; an invalid record gets 422 `record.invalid`.",
      '- **Distribution settings**: the template\'s front matter defaults (docs/templates.md, "Distribution"), overridden field by field by `templateSettings.distribution` (`deliveryConfig` merged key by key). Defaults: `mode` individual, `requireApproval` false, `fileNameTemplate` `document-{BATCHID_1}`, `deliveryConfig.mode` none, `expiresInHours` 168. `.pdf` is appended to file names that lack it. `zipBundle` with combined mode is 422.',
      "- **Approvers**: `approversEmail`, else the tenant's approvers, less the submitter (either address of **Submitter** below, in any case), who never approves their own batch and is not mailed for it: the batch's `approvers` are those left. When `approversEmail` names only the submitter, the tenant's approvers (less the submitter) are asked instead, as a workflow's stage is. With `requireApproval`, no approver at all (batch or tenant) is 422 `batch.settings_invalid`, and nobody but the submitter is 422 `batch.no_approver`; both name `templateSettings.distribution.approversEmail` in `errors[].path`, and nothing is stored.",
      "- **`dataSource` must hold plain JSON objects**: an array with anything else (`null`, a string, a number, a nested array) is a malformed request, 400 `request.invalid` with `errors[].path` naming each index (`dataSource.3`), and no batch is stored. Objects that fail their field rules are records, and get the 422 receipt.",
      "- **Record checks**: template field rules; every `fileNameTemplate` / `documentIdTemplate` token must resolve (a resolved document id has at most 200 characters); the file name must be safe (no separators, no `..`, no control characters, at most 200 characters) and unique in the batch (case-insensitive); with `secure-email`, `recipientEmail` is required and every `;`-separated address must be valid. Warnings (not errors): a field rule of severity warning, a repeated address, a `recipientName` or `recipientLocale` count that differs from the address count, a `recipientLocale` entry that is not one of Sealpost's languages (that address's mail is then in the document's language). `recipientLocale` (not in the spec: `;`-separated language tags aligned with the addresses, such as `de;fr`) names each recipient's language; a value that is not a string is an error.",
      "- **The answer** is the receipt PDF: 202, or 422 when readiness is INVALID (the batch is then stored in state `invalid` so its receipt and results can be read again). Headers: `X-Svc-BatchId`, `X-Svc-CorrelationId`, `X-Svc-DispatchReadiness`, and `X-Svc-Idempotent-Replay: true|false`.",
      '- **What the receipt shows**: the batch (ids, template, submitter, time, state, readiness), the counts, every record with a warning or an error on a line of its own with its messages, then the ready records: each with its file name when there are at most 100 of them, otherwise as index ranges ("Records 1–940, 942–1000: ready"). The client waits for the receipt, and a line per ready record cost about 160 ms of layout on 1,000 records (17 pages) against about 15 ms for the ranges; the documents list (`GET /api/dispatch/batch/{batchId}/documents`) names every file.',
      "- **A batch exists only with its receipt stored**: the receipt is written to the blob store before the batch and its records are. When the store refuses it, the answer is 503 `unavailable` with `Retry-After: 5`, nothing of the request is kept (no batch, no records, no job, no mail), and the same request later is a first submission.",
      "- **Idempotency**: `options.correlationId` is the idempotency key per tenant: a repeat returns the existing batch and its stored receipt (same status code, replay header true) whatever the new body says. Without it a UUID is generated. A corrected resubmission after `invalid` or `changes-requested` is a new batch with a new correlationId; the old one can be cancelled (changes-requested) or left (invalid).",
      "- **Submitter**: `submittedBy` is `options.generatedBy` when given, else the token's email. Self-approval is refused against both that address and the token's own email.",
      "- **Explain**: `templateSettings.explainDocument` or `features.explainDocument` traces the render, and `autoArchiveAfterDays` / `traceRetentionYears` set how long the trace is kept (see the explain area).",
      "- **Limits**: `BATCH_MAX_RECORDS` (5,000) records (413 `batch.too_many_records`), `RENDER_BODY_MAX_BYTES` (20 MiB) body.",
    ),
    responses: {
      200: {
        description: "The rendered document (object dataSource).",
        contentType: "application/pdf",
        headers: { "X-Svc-CorrelationId": "The render's correlation id" },
      },
      202: {
        description: "The batch's intake receipt: the batch is stored and waits for its approval or processing.",
        contentType: "application/pdf",
        headers: receiptHeaders,
      },
      422: {
        description: "The intake receipt of a batch whose readiness is INVALID (stored in state `invalid`).",
        contentType: "application/pdf",
        headers: receiptHeaders,
      },
    },
  },
  async ({ principal, body }) => {
    const outcome = await handleRenderRequest(principal, body);
    if (outcome.kind === "single") {
      return pdfResponse(outcome.pdf, { status: 200, headers: correlationHeader(outcome.correlationId) });
    }
    const { batch, receipt, replayed } = outcome.intake;
    return pdfResponse(receipt, {
      status: batch.readiness === "INVALID" ? 422 : 202,
      filename: `receipt-${batch.id}.pdf`,
      headers: {
        "X-Svc-BatchId": batch.id,
        ...correlationHeader(batch.correlationId),
        "X-Svc-DispatchReadiness": batch.readiness,
        "X-Svc-Idempotent-Replay": String(replayed),
      },
    });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
