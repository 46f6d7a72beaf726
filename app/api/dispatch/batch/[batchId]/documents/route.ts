import { batchIdParams } from "@/lib/batch/api-schemas";
import { documentsAnswer } from "@/lib/batch/answer-schemas";
import { listDocuments } from "@/lib/batch/documents";
import { methods, route } from "@/lib/http/route";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    params: batchIdParams,
    summary: "The records of a batch: file names, states, sizes and timings",
    description: md(
      "Not in the spec. The records with `index, correlationId, documentId, fileName, status, error, byteSize, renderedAt, timings`; `timings` holds the pipeline's stage times in ms: `templateLoadMs`, `dataBindingMs`, `layoutMs` (page numbers and metadata included), `postProcessingMs` (0 for records rendered now: nothing follows the layout; older records may carry more), `totalMs`. `correlationId` is the record's own: the one its explain trace and its delivery sessions are found by, and the PDF's XMP `CorrelationId`.",
    ),
    responses: { 200: documentsAnswer },
  },
  ({ principal, params }) => listDocuments(principal.tenant.id, params.batchId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
