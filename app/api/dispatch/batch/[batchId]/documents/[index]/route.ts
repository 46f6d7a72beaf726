import { z } from "zod";
import { decimalInteger } from "@/lib/http/decimal-integer";
import { readDocument } from "@/lib/batch/documents";
import { pdfResponse } from "@/lib/http/pdf-response";
import { methods, route } from "@/lib/http/route";
import { correlationHeader } from "@/lib/http/id-header";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const params = z.object({ batchId: z.string().uuid(), index: decimalInteger({ max: 1_000_000 }) });

const get = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    params,
    summary: "One record's document",
    description: md(
      "Not in the spec. One record's PDF; 409 `batch.document_not_ready` until it is rendered. `index` is canonical decimal (`01` names nothing: 404).",
    ),
    responses: { 200: { contentType: "application/pdf", headers: { "X-Svc-CorrelationId": "The record's correlation id" } } },
  },
  async ({ principal, params }) => {
    const doc = await readDocument(principal.tenant.id, params.batchId, params.index);
    return pdfResponse(doc.pdf, { filename: doc.fileName, headers: correlationHeader(doc.correlationId) });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
