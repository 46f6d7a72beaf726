import { renderExamples } from "@/lib/batch/api-examples";
import { handleRenderRequest } from "@/lib/batch/handle-render-request";
import { renderRequestSchema } from "@/lib/batch/request-schema";
import { pdfResponse } from "@/lib/http/pdf-response";
import { methods, route } from "@/lib/http/route";
import { correlationHeader } from "@/lib/http/id-header";
import { receiptHeaders } from "@/lib/batch/answer-schemas";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    body: renderRequestSchema,
    examples: renderExamples,
    summary: "Render one document, or submit a batch",
    description:
      "An object `dataSource` renders one document synchronously. An array submits a governed batch (`features.svcDispatch`, or distribution `enabled` and `requireApproval`): the answer is its intake receipt. `options.correlationId` is the idempotency key per tenant.",
    responses: {
      200: { description: "The rendered document (object dataSource).", contentType: "application/pdf", headers: { "X-Svc-CorrelationId": "The render's correlation id" } },
      202: { description: "The batch's intake receipt: the batch is stored and waits for its approval or processing.", contentType: "application/pdf", headers: receiptHeaders },
      422: { description: "The intake receipt of a batch whose readiness is INVALID (stored in state `invalid`).", contentType: "application/pdf", headers: receiptHeaders },
    },
    problems: ["template.not_found", "template.path_invalid", "template.invalid", "record.invalid", "batch.dispatch_not_enabled", "batch.empty", "batch.settings_invalid", "batch.too_many_records"],
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
