import { handleRenderRequest } from "@/lib/batch/handle-render-request";
import { renderRequestSchema } from "@/lib/batch/request-schema";
import { pdfResponse } from "@/lib/http/pdf-response";
import { methods, route } from "@/lib/http/route";
import { correlationHeader } from "@/lib/http/id-header";

export const dynamic = "force-dynamic";

const post = route({ auth: "bearer", body: renderRequestSchema }, async ({ principal, body }) => {
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
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
